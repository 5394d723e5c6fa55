#!/usr/bin/env node
/**
 * Breaks the string and template literals that run past the print width, which Prettier leaves as written:
 * SQL inside a template gets line breaks between words (whitespace means nothing to SQL outside its quotes);
 * any other literal becomes a concatenation of parts that fit. The value of every literal stays the same.
 * Skips what cannot be split (tagged templates, type and JSX positions, property names, imports).
 *
 *   node tools/wrap-literals.mjs <file>...   (then `prettier --write` the same files)
 */
import fs from 'node:fs';
import ts from 'typescript';

const WIDTH = 110;
const SQL_START = /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|COPY|TRUNCATE|LOCK)\b/i;
const SQL_WORDS = /\b(SELECT|FROM|WHERE|JOIN|AND|ORDER BY|GROUP BY|VALUES|RETURNING|ON CONFLICT|LIMIT)\b/;

/** Positions (offsets into `raw`, between the backticks or quotes) where the literal may be split. */
function splitPoints(raw, { template, sql }) {
  const points = [];
  let depth = 0;
  let inSqlQuote = false;
  for (let i = 1; i < raw.length - 1; i++) {
    const c = raw[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (template && c === '$' && raw[i + 1] === '{') {
      depth++;
      i++;
      continue;
    }
    if (template && depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      continue;
    }
    if (sql && c === "'") inSqlQuote = !inSqlQuote;
    if (!inSqlQuote && c === ' ' && raw[i - 1] !== ' ') points.push(i);
  }
  return points;
}

function wrapFile(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const long = new Set(lines.flatMap((l, i) => (l.length > WIDTH ? [i] : [])));
  if (!long.size) return 0;
  const edits = [];
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node) => {
    const isString = ts.isStringLiteral(node);
    const isTemplate = ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
    if (isString || isTemplate) {
      const p = node.parent;
      const skip =
        ts.isTaggedTemplateExpression(p) ||
        ts.isLiteralTypeNode(p) ||
        ts.isImportDeclaration(p) ||
        ts.isExportDeclaration(p) ||
        ts.isExternalModuleReference(p) ||
        ts.isImportTypeNode?.(p) ||
        ts.isJsxAttribute(p) ||
        ts.isExpressionStatement(p) ||
        (ts.isPropertyAssignment(p) && p.name === node) ||
        (ts.isPropertySignature(p) && p.name === node) ||
        ts.isElementAccessExpression(p) ||
        ts.isPropertyAccessExpression(p) ||
        ts.isAsExpression(p) ||
        ts.isSatisfiesExpression?.(p) ||
        ts.isPrefixUnaryExpression(p) ||
        ts.isTypeOfExpression(p) ||
        ts.isModuleDeclaration(p) ||
        ts.isEnumMember(p);
      const start = node.getStart(sf);
      const first = lineOf(start);
      const last = lineOf(node.getEnd());
      const touchesLong = [...Array(last - first + 1).keys()].some((k) => long.has(first + k));
      if (!skip && touchesLong) edits.push(planEdit(node, start, isTemplate));
      if (isTemplate) return;
    }
    ts.forEachChild(node, visit);
  };
  const planEdit = (node, start, isTemplate) => {
    const raw = text.slice(start, node.getEnd());
    const head = ts.isTemplateExpression(node) ? node.head.text : node.text;
    const columnList = /^\s*(\w+\.)?\w+,\s/.test(head) && /\n/.test(raw);
    const sql = isTemplate && (SQL_START.test(head) || columnList || (SQL_WORDS.test(raw) && /\n/.test(raw)));
    const column = sf.getLineAndCharacterOfPosition(start).character;
    const lineText = lines[lineOf(start)];
    const indent = lineText.match(/^\s*/)[0];
    const markdown = isTemplate && !sql && /\n(- |## |\| )/.test(raw);
    return { start, end: node.getEnd(), raw, sql, markdown, isTemplate, column, indent };
  };
  visit(sf);
  if (!edits.length) return 0;
  let out = text;
  let changed = 0;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    const replacement = e.sql ? wrapSql(e) : e.markdown ? wrapMarkdown(e) : wrapConcat(e);
    if (replacement && replacement !== e.raw) {
      out = out.slice(0, e.start) + replacement + out.slice(e.end);
      changed++;
    }
  }
  if (changed) fs.writeFileSync(file, out);
  return changed;
}

const CLAUSE_WORDS = [
  'AND|OR|FROM|WHERE|(LEFT |INNER |CROSS |FULL )?JOIN|ORDER BY|GROUP BY|LIMIT|OFFSET|SET|ON CONFLICT',
  'RETURNING|VALUES|SELECT|UNION|HAVING|WHEN|ELSE',
];
const CLAUSE = new RegExp(`^(${CLAUSE_WORDS.join('|')})\\b`);

/** Where a break reads best: before a clause, after a comma, at any space; never inside `CROSS JOIN`. */
function rankOf(line, p) {
  if (/\b(CROSS|LEFT|RIGHT|INNER|FULL|OUTER|DISTINCT|IS|NOT|UNION)$/i.test(line.slice(0, p))) return 0;
  if (CLAUSE.test(line.slice(p + 1))) return 3;
  return line[p - 1] === ',' ? 2 : 1;
}

/**
 * SQL: each line of the template longer than the width is broken before a clause (FROM, WHERE, AND, JOIN,
 * ...) where one fits, else after a comma, else at a space; continuation lines are indented under the start.
 */
function wrapSql(e) {
  const rawLines = e.raw.split('\n');
  const all = splitPoints(e.raw, { template: true, sql: true });
  const result = [];
  let offset = 0;
  for (const [index, line] of rawLines.entries()) {
    const startCol = index === 0 ? e.column : 0;
    if (startCol + line.length <= WIDTH) {
      result.push(line);
      offset += line.length + 1;
      continue;
    }
    const points = all
      .filter((p) => p > offset && p < offset + line.length)
      .map((p) => p - offset)
      .map((p) => ({ p, rank: rankOf(line, p) }));
    const inner = index === 0 ? e.indent + '    ' : line.match(/^\s*/)[0] + '  ';
    const pieces = [];
    let pieceStart = 0;
    let col = startCol;
    while (col + (line.length - pieceStart) > WIDTH) {
      const fitting = points.filter(
        (x) => x.rank > 0 && x.p > pieceStart && col + (x.p - pieceStart) <= WIDTH,
      );
      if (!fitting.length) break;
      const best = fitting.reduce((a, b) => (b.rank > a.rank || (b.rank === a.rank && b.p > a.p) ? b : a));
      pieces.push(line.slice(pieceStart, best.p));
      pieceStart = best.p + 1;
      col = inner.length;
    }
    pieces.push(line.slice(pieceStart));
    result.push(pieces.map((piece, i) => (i === 0 ? piece : inner + piece.trimStart())).join('\n'));
    offset += line.length + 1;
  }
  return result.join('\n');
}

/**
 * Markdown written as a template (a bench's report): a long prose line or list item is broken at spaces
 * outside `${}`, a list item's continuation indented by two (Markdown reads both as the same paragraph);
 * tables, headings and fenced code stay as written.
 */
function wrapMarkdown(e) {
  const all = splitPoints(e.raw, { template: true, sql: false });
  const out = [];
  let offset = 0;
  let fenced = false;
  for (const [index, line] of e.raw.split('\n').entries()) {
    const startCol = index === 0 ? e.column : 0;
    if (/^\s*```/.test(line)) fenced = !fenced;
    const prose = !fenced && !/^\s*(\||#|<!--|\$\{)/.test(line);
    if (!prose || startCol + line.length <= WIDTH) {
      out.push(line);
      offset += line.length + 1;
      continue;
    }
    const lead = line.match(/^\s*(- )?/)[0];
    const inner = ' '.repeat(lead.length);
    const points = all
      .filter((p) => p > offset + lead.length && p < offset + line.length)
      .map((p) => p - offset);
    const pieces = [];
    let pieceStart = 0;
    let col = startCol;
    while (col + (line.length - pieceStart) > WIDTH) {
      const fitting = points.filter((p) => p > pieceStart && col + (p - pieceStart) <= WIDTH);
      if (!fitting.length) break;
      const best = fitting[fitting.length - 1];
      pieces.push(line.slice(pieceStart, best));
      pieceStart = best + 1;
      col = inner.length;
    }
    pieces.push(line.slice(pieceStart));
    out.push(pieces.map((piece, i) => (i === 0 ? piece : inner + piece.trimStart())).join('\n'));
    offset += line.length + 1;
  }
  return out.join('\n');
}

/** Any other literal: `'a b c' + 'd e'`, parts cut at spaces so each fits on its own line. */
function wrapConcat(e) {
  if (e.raw.includes('\n')) return null;
  const quote = e.raw[0];
  const points = splitPoints(e.raw, { template: e.isTemplate, sql: false });
  const room = Math.max(40, WIDTH - e.indent.length - 6);
  const parts = [];
  let pieceStart = 1;
  const end = e.raw.length - 1;
  while (end - pieceStart > room) {
    const fitting = points.filter((p) => p >= pieceStart && p + 1 - pieceStart <= room);
    if (!fitting.length) break;
    const cut = fitting[fitting.length - 1] + 1;
    parts.push(e.raw.slice(pieceStart, cut));
    pieceStart = cut;
  }
  parts.push(e.raw.slice(pieceStart, end));
  if (parts.length < 2) return null;
  return parts.map((part) => `${quote}${part}${quote}`).join(` +\n${e.indent}  `);
}

let total = 0;
for (const file of process.argv.slice(2)) total += wrapFile(file);
console.log(`${total} literals wrapped`);
