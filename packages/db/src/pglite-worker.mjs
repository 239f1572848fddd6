// The embedded database (PGlite) on a worker thread of its own: PGlite runs every statement synchronously in
// WebAssembly, so on the server's thread one long query stalls every other request, health checks included
//. This file is plain JavaScript so that the same file runs from the sources (tests, `npm run dev`) and
// from the compiled server (apps/server/build.mjs copies it beside dist/main.js). The other side, the one the
// server talks to, is pglite-worker-client.ts; it sends one operation at a time and keeps transactions whole.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const identity = (value) => value;
const { serialize } = protocol;

/** At most this many named statements; later texts run as PGlite's own query does (parsed and planned each time). */
const MAX_NAMED_STATEMENTS = 500;
/** Statement text → its name and parameter types, prepared once on this database's only connection. */
const named = new Map();

/**
 * A parameterised statement as a named prepared statement: parsed and planned the first time, then only bound and
 * run (the joins of the lists and details spend more time planning than running). The same protocol
 * messages, parameter serialisers and result parsing as PGlite's own `query`, with a name on Parse and Bind.
 */
async function namedQuery(text, params, options) {
  const run = (message) => pglite.execProtocolStream(message, { syncToFs: false });
  const messages = [];
  try {
    let statement = named.get(text);
    if (!statement) {
      const name = `w${named.size + 1}`;
      await run(serialize.parse({ name, text }));
      statement = { name, types: parse.parseDescribeStatementResults(await run(serialize.describe({ type: 'S', name }))) };
      named.set(text, statement);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const toText = pglite.serializers[statement.types[i]];
      if (toText) return toText(param);
      // A type without a serialiser of its own (an enum array, say): arrays as an array literal, the rest as text.
      return Array.isArray(param) ? arrayLiteral(param) : param.toString();
    });
    messages.push(
      ...(await run(serialize.bind({ statement: statement.name, values }))),
      ...(await run(serialize.describe({ type: 'P' }))),
      ...(await run(serialize.execute({}))),
    );
  } finally {
    messages.push(...(await run(serialize.sync())));
  }
  // As PGlite does after a statement outside a transaction: flush to the data directory.
  const ready = messages.findLast((message) => message.name === 'readyForQuery');
  if (ready?.status === 'I') await pglite.syncToFs();
  return parse.parseResults(messages, pglite.parsers, options)[0];
}

/** Every field of a database error that callers read (code, constraint, detail…), as plain data. */
/** A PostgreSQL array literal of `values` (nested arrays nest; every element quoted, null as NULL). */
function arrayLiteral(values) {
  const element = (value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** drizzle passes identity parsers (keep dates and intervals as text) as functions, which cannot cross threads. */
function queryOptions(options) {
  if (!options) return undefined;
  const { parserTypes, ...rest } = options;
  if (!parserTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(parserTypes.map((type) => [type, identity])) };
}

let pglite;
try {
  const { dataDir, loadDataDir } = workerData ?? {};
  pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  });
  parentPort.postMessage({ id: 0, result: null });
} catch (error) {
  parentPort.postMessage({ id: 0, error: serializeError(error) });
}

// One message at a time, in the order posted: a named statement takes several protocol exchanges, and a
// transaction's statements must run between its BEGIN and COMMIT and nowhere else.
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => handle(message));
});

async function handle(message) {
  const { id, op } = message;
  try {
    if (!pglite) throw new Error('The embedded database did not open');
    let result = null;
    const transfer = [];
    if (op === 'query') {
      const { sql: text, params } = message;
      result =
        params?.length > 0 && (named.has(text) || named.size < MAX_NAMED_STATEMENTS)
          ? await namedQuery(text, params, queryOptions(message.options))
          : await pglite.query(text, params, queryOptions(message.options));
    } else if (op === 'exec') result = await pglite.exec(message.sql);
    else if (op === 'dumpDataDir') {
      result = await (await pglite.dumpDataDir(message.compression)).arrayBuffer();
      transfer.push(result);
    } else if (op === 'close') {
      await pglite.close();
      pglite = undefined;
    } else throw new Error(`Unknown operation ${op}`);
    parentPort.postMessage({ id, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: serializeError(error) });
  }
}
