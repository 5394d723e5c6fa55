#!/bin/sh
# Compose's `backup` service: pg_dump of the database on a schedule, and the restore of a dump. It runs in the
# postgres image (its pg_dump and pg_restore match the server), with this file, the migrations folder and the
# backup folder mounted (docker-compose.yml). Commands (`docker compose run --rm backup <command>`):
#   schedule          (the service's own) a dump every BACKUP_INTERVAL_MINUTES (default 1440: daily), the
#                     first at start unless a recent one is there; keeps the newest BACKUP_KEEP (default 14)
#   backup            one dump now: /backups/exam-<UTC time>.dump (pg_dump's custom format), written whole or
#                     not at all
#   restore <file>    replaces the database with a dump: refuses one from a newer schema version (migrations
#                     this version's prisma/migrations does not have), first dumps the current database
#                     (exam-<time>-before-restore.dump), then drops, recreates and restores it (one
#                     transaction)
#   list              the dumps, newest last, with each one's schema version (its latest migration)
# Exit codes: 0 done, 1 failed, 2 wrong use, 3 refused. Log lines are JSON, like every other service's.
set -eu

dir=/backups
migrations=/migrations
interval=${BACKUP_INTERVAL_MINUTES:-1440}
keep=${BACKUP_KEEP:-14}

log() {
  msg=$(printf '%s' "$2" | sed 's/\\/\\\\/g; s/"/\\"/g')
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  printf '{"time":"%s","level":"%s","msg":"%s","service":"backup"}\n' "$now" "$1" "$msg"
}
fail() {
  log error "$2"
  exit "$1"
}

settings="BACKUP_INTERVAL_MINUTES and BACKUP_KEEP"
case "$interval$keep" in *[!0-9]*) fail 2 "$settings must be whole numbers" ;; esac
[ "$interval" -ge 1 ] && [ "$keep" -ge 1 ] || fail 2 "$settings must be at least 1"

# The migrations a dump has applied (Prisma's _prisma_migrations: finished, not rolled back), one per line.
dump_migrations() {
  pg_restore --data-only --table=_prisma_migrations --file=- "$1" | awk -F '\t' '
    /^COPY [^ ]*_prisma_migrations \(/ {
      sub(/^[^(]*\(/, ""); sub(/\).*$/, ""); n = split($0, cols, /, */)
      for (i = 1; i <= n; i++) col[cols[i]] = i
      copying = 1; next
    }
    copying && $0 == "\\." { copying = 0; next }
    copying && $col["finished_at"] != "\\N" && $col["rolled_back_at"] == "\\N" {
      print $col["migration_name"]
    }
  ' | sort
}

known_migrations() {
  for m in "$migrations"/*/; do [ -d "$m" ] && basename "$m"; done | sort
}

# (sh has no local variables: each function keeps to names of its own.)
backup() {
  out="$dir/exam-$(date -u +%Y%m%dT%H%M%SZ)${1:-}.dump"
  pg_dump --format=custom --no-owner --file="$out.partial" || {
    rm -f "$out.partial"
    fail 1 "pg_dump of $PGDATABASE failed; nothing was written"
  }
  mv "$out.partial" "$out"
  latest=$(dump_migrations "$out" | tail -n 1)
  log info "Backed up $PGDATABASE to $out ($(wc -c <"$out") bytes, schema ${latest:-none})"
}

prune() {
  # Names sort by time; the newest $keep stay.
  count=$(find "$dir" -maxdepth 1 -name 'exam-*.dump' | wc -l)
  [ "$count" -gt "$keep" ] || return 0
  find "$dir" -maxdepth 1 -name 'exam-*.dump' | sort | head -n "$((count - keep))" | while read -r old; do
    rm -f "$old"
    log info "Removed $old (BACKUP_KEEP=$keep)"
  done
}

restore() {
  file=$1
  [ -f "$file" ] || fail 2 "No such dump: $file (dumps are in $dir; docker compose run --rm backup list)"
  pg_restore --list "$file" >/dev/null 2>&1 || fail 2 "$file is not a dump of pg_dump's custom format"
  dumped=$(dump_migrations "$file")
  unknown=$(printf '%s\n' "$dumped" | grep -vxF -f "$(known_list)" | grep . || true)
  if [ -n "$unknown" ]; then
    count=$(printf '%s\n' "$unknown" | wc -l)
    names=$(printf '%s' "$unknown" | paste -sd, - | sed 's/,/, /g')
    fail 3 "Refusing to restore: the backup is from a newer schema version than this one. It has $count \
migration(s) this version does not know ($names); this version's latest is $(known_migrations | tail -n 1). \
Restore it with the version that made it, or a newer one."
  fi
  exists="SELECT 1 FROM pg_database WHERE datname = '$PGDATABASE'"
  if psql --quiet --tuples-only --dbname=postgres --command="$exists" | grep -q 1; then
    backup -before-restore
  fi
  dropdb --force --if-exists --maintenance-db=postgres "$PGDATABASE"
  createdb --maintenance-db=postgres "$PGDATABASE"
  pg_restore --no-owner --exit-on-error --single-transaction --dbname="$PGDATABASE" "$file" ||
    fail 1 "pg_restore of $file failed; the database is empty: restore the before-restore dump"
  log info "Restored $PGDATABASE from $file (schema $(printf '%s\n' "$dumped" | tail -n 1)); \
start the app again: docker compose up -d"
}

# The known migrations as a file, for grep -f.
known_list() {
  list=$(mktemp)
  known_migrations >"$list"
  echo "$list"
}

command=${1:-schedule}
case "$command" in
  schedule)
    trap 'log info "stopping"; exit 0' TERM INT
    log info "Backing up $PGDATABASE every $interval minute(s) into $dir, keeping the newest $keep"
    while :; do
      if [ -z "$(find "$dir" -maxdepth 1 -name 'exam-*.dump' -mmin "-$interval" | head -n 1)" ]; then
        # A failed dump is logged and tried again at the next check; the loop goes on.
        (backup && prune) || true
      fi
      sleep 60 &
      wait $!
    done
    ;;
  backup) backup && prune ;;
  restore)
    [ $# -eq 2 ] || fail 2 "Usage: restore <file> (a dump in $dir)"
    case "$2" in /*) restore "$2" ;; *) restore "$dir/$2" ;; esac
    ;;
  list)
    for f in $(find "$dir" -maxdepth 1 -name 'exam-*.dump' | sort); do
      echo "$f  $(wc -c <"$f") bytes  schema $(dump_migrations "$f" | tail -n 1)"
    done
    ;;
  *) fail 2 "Unknown command $command; use schedule, backup, restore <file> or list" ;;
esac
