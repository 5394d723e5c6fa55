/**
 * The arithmetic choice (docs/decisions/0004-grading-arithmetic.md): the same paper-level core —
 * parse int/ext/minima/max text, total, component and total minima, percentage half-up to 2
 * decimals, band lookup as an exact lower bound, credit points — in three ways, 600,000 papers each:
 *   decimal.js, BigInt rationals, and safe-integer rationals (./src/exact.ts, the chosen one).
 * Run: pnpm --filter @exam/grading exec tsx bench/arithmetic.ts
 */
import Decimal from 'decimal.js';
import { dec, Q } from '../src/exact.ts';

const N = 600_000;
const bands = [
  ['90', '10'],
  ['80', '9'],
  ['70', '8'],
  ['60', '7'],
  ['50', '6'],
  ['45', '5'],
  ['40', '4'],
];
// Varied inputs, including halves, so no path is constant-folded.
const papers = Array.from({ length: 1000 }, (_, i) => ({
  int: String(5 + (i % 21)) + (i % 3 === 0 ? '.5' : ''),
  ext: String(20 + ((i * 7) % 56)),
  int_min: '9',
  ext_min: '27',
  min: '36',
  max: '100',
  credit: i % 2 ? '4' : '2',
}));

interface Out {
  total: string;
  pass: boolean;
  percentage: string;
  grade_point: string;
  credit_points: string;
}

function withExact(p: (typeof papers)[number]): Out {
  const int = dec(p.int),
    ext = dec(p.ext),
    max = dec(p.max);
  const total = int.add(ext);
  const pass = int.gte(dec(p.int_min)) && ext.gte(dec(p.ext_min)) && total.gte(dec(p.min));
  let gp = Q.ZERO;
  for (const [min, point] of bands)
    if (total.mul(Q.HUNDRED).gte(dec(min!).mul(max))) {
      gp = dec(point!);
      break;
    }
  const pct = total.mul(Q.HUNDRED).div(max);
  return {
    total: total.toDecimal(),
    pass,
    percentage: pct.toFixed(2, 'HALF_UP'),
    grade_point: gp.toDecimal(),
    credit_points: dec(p.credit).mul(gp).toDecimal(),
  };
}

// BigInt rationals: values scaled to hundredths (every input here has ≤ 2 decimals).
const big = (text: string): bigint => {
  const [w, f = ''] = text.split('.');
  return BigInt(w + f.padEnd(2, '0'));
};
const fmtBig = (scaled: bigint, decimals: number): string => {
  const s = scaled.toString().padStart(decimals + 1, '0');
  return decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
};
function withBigInt(p: (typeof papers)[number]): Out {
  const int = big(p.int),
    ext = big(p.ext),
    max = big(p.max);
  const total = int + ext;
  const pass = int >= big(p.int_min) && ext >= big(p.ext_min) && total >= big(p.min);
  let gp = 0n;
  for (const [min, point] of bands)
    if (total * 100n * 100n >= big(min!) * max) {
      gp = big(point!);
      break;
    }
  // percentage in hundredths, half-up: (total*100*100*2 + max) / (2*max)
  const pct = (total * 10000n * 2n + max) / (2n * max);
  return {
    total: fmtBig(total, 2),
    pass,
    percentage: fmtBig(pct, 2),
    grade_point: fmtBig(gp, 2),
    credit_points: fmtBig((big(p.credit) * gp) / 100n, 2),
  };
}

function withDecimalJs(p: (typeof papers)[number]): Out {
  const int = new Decimal(p.int),
    ext = new Decimal(p.ext),
    max = new Decimal(p.max);
  const total = int.plus(ext);
  const pass = int.gte(p.int_min) && ext.gte(p.ext_min) && total.gte(p.min);
  let gp = new Decimal(0);
  for (const [min, point] of bands)
    if (total.times(100).gte(new Decimal(min!).times(max))) {
      gp = new Decimal(point!);
      break;
    }
  const pct = total.times(100).div(max).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    total: total.toString(),
    pass,
    percentage: pct.toFixed(2),
    grade_point: gp.toString(),
    credit_points: new Decimal(p.credit).times(gp).toString(),
  };
}

const run = (name: string, fn: (p: (typeof papers)[number]) => Out) => {
  let sink = 0;
  for (let i = 0; i < 50_000; i++) sink += fn(papers[i % papers.length]!).percentage.length; // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) sink += fn(papers[i % papers.length]!).percentage.length;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${name.padEnd(24)} ${N} papers in ${seconds.toFixed(3)} s = ` +
      `${Math.round(N / seconds).toLocaleString('en-US')} papers/s (${sink > 0 ? 'ok' : ''})`,
  );
};

// The three agree on every input before any is timed.
for (const p of papers) {
  const a = withExact(p),
    b = withBigInt(p),
    c = withDecimalJs(p);
  if (
    a.pass !== b.pass ||
    a.pass !== c.pass ||
    a.percentage !== b.percentage ||
    a.percentage !== c.percentage ||
    Number(a.credit_points) !== Number(c.credit_points)
  ) {
    throw new Error(`disagree on ${JSON.stringify(p)}: ${JSON.stringify([a, b, c])}`);
  }
}
for (const round of [1, 2]) {
  console.log(`round ${round}`);
  run('safe-integer rationals', withExact);
  run('BigInt rationals', withBigInt);
  run('decimal.js', withDecimalJs);
}
