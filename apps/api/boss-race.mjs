import PgBoss from 'pg-boss';
import pg from '/work/main/node_modules/.pnpm/pg@8.23.1/node_modules/pg/lib/index.js';
const admin = new pg.Client('postgresql://postgres@127.0.0.1:5432/test'); await admin.connect();
let fails = 0;
for (let round = 0; round < 15; round++) {
  await admin.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  const r = await Promise.allSettled([0,1,2,3].map(async () => {
    const b = new PgBoss({ connectionString: 'postgresql://postgres@127.0.0.1:5432/test', schedule: false, supervise: true, migrate: true });
    b.on('error', () => {});
    await b.start(); await b.createQueue('q', {}); await b.stop({graceful:false, close:true, wait:true});
  }));
  for (const x of r) if (x.status === 'rejected') { fails++; console.log(round, x.reason.code, x.reason.message); }
}
console.log('fails', fails); await admin.end();
