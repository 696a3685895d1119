// The embedded engine's own thread: PGlite (PostgreSQL in WebAssembly) runs a statement without
// yielding, so in the thread that serves requests one long statement stopped every other request,
// the anonymous health check included (issue #35: 28 s for a 100k-alarm group). Here it runs in a
// worker of its own, reached by messages (./pglite-thread.ts); the main thread only waits.
//
// Plain JavaScript: a worker's entry runs as it is under Node, vitest and tsx alike (Next bundles it
// as a worker entry). Messages: { id, op: "query", sql, params } → { id, rows, affectedRows } or
// { id, error }; { id, op: "commit" } → { id, command }; { id, op: "dump" } → { id, dump };
// { id, op: "close" } → { id }.
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { parentPort, workerData } from "node:worker_threads";

const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (value) => Number(value);

/** A database error as the main thread rebuilds it: PostgreSQL's fields (code, detail, …). */
function errorOf(error) {
  const fields = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") fields[key] = value;
    }
  }
  return {
    ...fields,
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
  };
}

async function open() {
  const { dataDir, loadDataDir, workMem } = workerData;
  const pglite = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    ...(loadDataDir && { loadDataDir }),
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
  });
  await pglite.exec(`set work_mem = '${workMem}'`);
  return pglite;
}

let pglite;
try {
  pglite = await open();
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: errorOf(error) });
}

parentPort.on("message", async (message) => {
  const { id, op } = message;
  try {
    if (op === "query") {
      const result = await pglite.query(message.sql, message.params, { rowMode: "object" });
      parentPort.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows });
    } else if (op === "commit") {
      // Its command tag: PostgreSQL completes the COMMIT of an aborted transaction as ROLLBACK.
      const [result] = await pglite.exec("commit");
      parentPort.postMessage({ id, command: result?.command ?? null });
    } else if (op === "dump") {
      parentPort.postMessage({ id, dump: await pglite.dumpDataDir("none") });
    } else if (op === "close") {
      if (!pglite.closed) await pglite.close();
      parentPort.postMessage({ id });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: errorOf(error) });
  }
});
