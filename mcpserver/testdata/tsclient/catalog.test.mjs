// The MCP TypeScript SDK's client against a server of 1,000 tools in
// mcpserver's search mode (../catalog, go run ./mcpserver/testdata/catalog):
// it lists three tools, searches, and calls a found tool through call_tool
// and by its own name. CATALOG may name a built binary of the server.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const server = process.env.CATALOG
  ? { command: process.env.CATALOG, args: [] }
  : { command: "go", args: ["run", "./mcpserver/testdata/catalog"] };

let client;

before(async () => {
  const transport = new StdioClientTransport({ ...server, cwd: root, stderr: "inherit" });
  client = new Client({ name: "typescript-sdk-catalog-test", version: "0.0.0" });
  await client.connect(transport, { timeout: 50_000 });
});

after(async () => {
  await client?.close();
});

const text = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");

test("lists only the listed tool and the search's two", async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ["call_tool", "ping", "search_tools"]);
  const search = tools.find((t) => t.name === "search_tools");
  assert.deepEqual(search.inputSchema.required, ["query"]);
  assert.match(search.description, /among 1000/);
});

test("finds tools and calls one through call_tool and by its name", async () => {
  const r = await client.callTool({ name: "search_tools", arguments: { query: "export a webhook", limit: 3 } });
  assert.equal(r.isError ?? false, false, text(r));
  const found = JSON.parse(text(r));
  assert.equal(found.length, 3);
  for (const f of found) {
    assert.match(f.name, /webhook/);
    assert.equal(f.inputSchema.type, "object");
  }
  const name = found[0].name;
  const viaCall = await client.callTool({ name: "call_tool", arguments: { name, arguments: { id: "w-1" } } });
  assert.equal(viaCall.isError ?? false, false, text(viaCall));
  assert.match(text(viaCall), /webhook w-1/);
  const direct = await client.callTool({ name, arguments: { id: "w-2" } });
  assert.match(text(direct), /webhook w-2/);
  const bad = await client.callTool({ name: "call_tool", arguments: { name, arguments: {} } });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /Argument 'id' is required/);
});
