// Reads the Parquet file named on standard input with DuckDB and writes
// its rows as JSON Lines in file order: every column, null as null, each
// text column (VARCHAR) as the hex of its UTF-8 bytes, so that what the
// JavaScript side does to strings (a TextDecoder drops a leading byte
// order mark) cannot hide or make a difference. For urikit's split
// differential test.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const inst = await DuckDBInstance.create(':memory:');
const con = await inst.connect();
const file = readFileSync(0, 'utf8').trim().replaceAll("'", "''");
const src = `read_parquet('${file}', file_row_number = true)`;
const cols = (await con.runAndReadAll(`DESCRIBE SELECT * FROM ${src}`)).getRowObjectsJson();
const select = cols
  .filter((c) => c.column_name !== 'file_row_number')
  .map((c) => {
    const q = '"' + c.column_name.replaceAll('"', '""') + '"';
    return c.column_type === 'VARCHAR' ? `hex(encode(${q})) AS ${q}` : q;
  })
  .join(', ');
const reader = await con.runAndReadAll(`SELECT ${select} FROM ${src} ORDER BY file_row_number`);
const out = reader.getRowObjectsJson().map((row) => JSON.stringify(row));
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
