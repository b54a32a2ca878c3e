/**
 * Named prepared statements for PGlite. `PGlite.query` runs every statement as an unnamed one, in six calls into
 * the WASM PostgreSQL (parse, describe, bind, describe, execute, sync), parsing and planning it each time. Here a
 * statement's text is parsed once, under a name, and its parameter types and columns are remembered; a later run
 * of the same text is one call (bind, execute, sync). Measured in-process on the countries list page: 715 µs →
 * 390 µs per statement (docs/performance.md).
 *
 * This replaces `query` on one PGlite instance, which drizzle calls for every statement outside a transaction
 * (statements inside a transaction go through the transaction's own `query` and are untouched). It takes PGlite's
 * own locks in PGlite's own order, so it waits for a transaction in progress exactly as `query` would, and it
 * writes to the file system afterwards as `query` does. The statements are kept in a least-recently-used list of
 * STATEMENT_LIMIT; the oldest is closed when a new one would exceed it (a list filter on many ids makes a text
 * of its own per count).
 */
import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's row description, given to the result parser in place of a per-run Describe. */
  rowDescription: BackendMessage | undefined;
}

export const STATEMENT_LIMIT = 256;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Replaces `client.query` with the named-statement path; returns how many statements are prepared (tests). */
export function prepareStatements(client: PGlite, limit = STATEMENT_LIMIT): { prepared: () => number } {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const send = (parts: Uint8Array[]) =>
    client.execProtocolStream(concat(parts), { syncToFs: false }) as Promise<BackendMessage[]>;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the first entry is the one to close when the list is full.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const parts: Uint8Array[] = [];
    if (statements.size >= limit) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    counter += 1;
    const name = `s${counter}`;
    parts.push(
      serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const messages = await send(parts);
    const described = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement: Statement = {
      name,
      paramTypes: described?.dataTypeIDs ?? [],
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  const original = client.query.bind(client);

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // What this path does not do (a COPY's blob, a notice callback) goes the original way.
    if (options?.blob || options?.onNotice) return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const run = async (statement: Statement) => {
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const type = statement.paramTypes[index]!;
            const serializer = options?.serializers?.[type] ?? client.serializers[type];
            return serializer ? serializer(value) : String(value);
          });
          return send([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
        };
        let statement = await prepare(text, options);
        let messages: BackendMessage[];
        try {
          messages = await run(statement);
        } catch (error) {
          // A schema change that alters a statement's columns makes PostgreSQL refuse its plan ("cached plan must
          // not change result type"): the statement is parsed again, once.
          if ((error as { code?: string }).code !== '0A000') throw error;
          statements.delete(text);
          statement = await prepare(text, options);
          messages = await run(statement);
        }
        await client.syncToFs();
        const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        return parse.parseResults(all as never, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  client.query = query;
  return { prepared: () => statements.size };
}
