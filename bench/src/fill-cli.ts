// `pnpm --filter @exam/bench fill [--scale tiny|small|default|large] [--db exam_bench]`: recreate and fill a
// bench database only.
import { fillDatabase, recreateDatabase } from './generate.ts';
import { parseArgs } from './options.ts';

const options = parseArgs(process.argv.slice(2), process.env);
const url = await recreateDatabase(options.serverUrl, options.database);
const { counts, ms } = await fillDatabase(url, options.scale);
console.log(`Filled ${options.database} (${options.scaleName}) in ${ms} ms:`, counts);
