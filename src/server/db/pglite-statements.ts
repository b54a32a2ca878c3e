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
 * STATEMENT_LIMIT; the oldest is closed when a new one would exceed it (a filter on a list of values makes a text
 * of its own per number of values).
 */
import { protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's columns (its row description), remembered in place of a Describe at every run. */
  fields: { name: string; dataTypeID: number }[];
}

export const STATEMENT_LIMIT = 256;

/** What a run answers: its rows as PostgreSQL's text, and its command tag ("SELECT 25", "UPDATE 1"). */
interface Reply {
  rows: (string | null)[][];
  command?: string;
}

const utf8 = new TextDecoder();

/**
 * Reads the backend's reply to bind, execute and sync straight from its bytes: DataRow ('D') and
 * CommandComplete ('C') messages, skipping the others. PGlite's own reader copies every field into a buffer of its
 * own before decoding it, which was 12% of the server's time on a list page. A reply holding an ErrorResponse
 * ('E') is read by PGlite's protocol parser instead, and its DatabaseError thrown, exactly as `query` would.
 */
export function readReply(bytes: Uint8Array): Reply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: (string | null)[][] = [];
  let command: string | undefined;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    if (type === 0x44 /* D */) {
      const count = view.getInt16(at + 5);
      const row: (string | null)[] = new Array(count);
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(field);
        field += 4;
        if (length < 0) row[i] = null;
        else {
          row[i] = utf8.decode(bytes.subarray(field, field + length));
          field += length;
        }
      }
      rows.push(row);
    } else if (type === 0x43 /* C */) {
      command = utf8.decode(bytes.subarray(at + 5, end - 1));
    } else if (type === 0x45 /* E */) {
      let error: unknown;
      new protocol.Parser().parse(bytes, (message) => {
        if (message.name === 'error') error ??= message;
      });
      throw error;
    }
    at = end;
  }
  return command === undefined ? { rows } : { rows, command };
}

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
      fields: (
        (messages.find((m) => m.name === 'rowDescription') as messages.RowDescriptionMessage | undefined)?.fields ?? []
      ).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
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
          const message = concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]);
          // The stream form hands over the reply's bytes as they come; execProtocolRaw would also parse them all
          // into messages, which is the work readReply avoids.
          const chunks: Uint8Array[] = [];
          await client.execProtocolRawStream(message, {
            syncToFs: false,
            onRawData: (chunk) => chunks.push(chunk.slice()),
          });
          return readReply(chunks.length === 1 ? chunks[0]! : concat(chunks));
        };
        let statement = await prepare(text, options);
        let reply: Reply;
        try {
          reply = await run(statement);
        } catch (error) {
          // A schema change that alters a statement's columns makes PostgreSQL refuse its plan ("cached plan must
          // not change result type"): the statement is parsed again, once.
          if ((error as { code?: string }).code !== '0A000') throw error;
          statements.delete(text);
          statement = await prepare(text, options);
          reply = await run(statement);
        }
        await client.syncToFs();
        return resultsOf<T>(statement, reply, options);
      }),
    );
  }

  /** The rows of a run, as PGlite's own `query` gives them, read from the statement's remembered columns. */
  function resultsOf<T>(statement: Statement, reply: Reply, options?: QueryOptions): Results<T> {
    const fields = statement.fields;
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID]);
    const asArray = options?.rowMode === 'array';
    const rows = reply.rows.map((texts) => {
      const values = texts.map((value, i) => {
        if (value === null) return null;
        const parser = parsers[i];
        return parser ? parser(value, fields[i]!.dataTypeID) : value;
      });
      return asArray ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]]));
    });
    const result: Results<T> = { rows: rows as Results<T>['rows'], fields, affectedRows: 0 };
    if (reply.command !== undefined) {
      const words = reply.command.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words[words.length - 1]!, 10);
      result.command = command;
      if (!Number.isNaN(count)) {
        result.rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) result.affectedRows = count;
      }
    }
    return result;
  }

  client.query = query;
  return { prepared: () => statements.size };
}
