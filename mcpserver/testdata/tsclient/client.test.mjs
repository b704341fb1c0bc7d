// The MCP TypeScript SDK's client, a client no one here wrote, against the
// quickstart example's stdio server (go run ./examples/quickstart -mcp):
// it lists the tools and calls each with good and bad arguments, checking
// the error results and the structured content, which the SDK's client
// also validates against the listed output schema; a second client
// approves a call when the server asks its user.
//
// Run from this directory: npm ci && npm test. QUICKSTART may name a
// built binary of the example; without it the test runs `go run`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const server = process.env.QUICKSTART
  ? { command: process.env.QUICKSTART, args: ["-mcp"] }
  : { command: "go", args: ["run", "./examples/quickstart", "-mcp"] };

let client;

before(async () => {
  const transport = new StdioClientTransport({ ...server, cwd: root, stderr: "inherit" });
  client = new Client({ name: "typescript-sdk-test", version: "0.0.0" });
  await client.connect(transport, { timeout: 50_000 });
});

after(async () => {
  await client?.close();
});

const text = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");

test("lists the tools with their schemas", async () => {
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  assert.deepEqual(Object.keys(byName).sort(), ["cancel_order", "find_orders", "ping", "place_order"]);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, "object", t.name);
    assert.equal(t.inputSchema.additionalProperties, false, t.name);
    assert.equal(typeof t.annotations?.readOnlyHint, "boolean", t.name);
  }
  assert.deepEqual(byName.cancel_order.inputSchema.required, ["id", "reason"]);
  assert.deepEqual(byName.cancel_order.inputSchema.properties.reason.enum, ["customer request", "out of stock", "fraud"]);
  assert.equal(byName.cancel_order._meta["io.github.toolschema/requiresApproval"], true);
  assert.equal(byName.cancel_order._meta["toolschema/requiresApproval"], true, "the deprecated key, kept for one version");
  assert.equal(byName.place_order.outputSchema.type, "object", "a *Order result is listed as an object");
  assert.deepEqual(byName.place_order.outputSchema.required, ["id", "status", "lines", "placed"]);
  // This client speaks MCP 2025-11-25, before SEP-2106 (2026-07-28) let an
  // output schema be of anything but objects: it is listed none for an
  // array result (and it refuses the whole list over one that is not of
  // type "object"). A client of 2026-07-28 is listed the array's schema
  // (the Go tests, with the go-sdk's client).
  assert.equal(byName.find_orders.outputSchema, undefined, "an array result has no output schema for this client");
  assert.equal(byName.ping.outputSchema, undefined);
  // The directive's title= and icon= (a data: URL), as the client reads them.
  assert.equal(byName.find_orders.title, "Find orders");
  assert.equal(byName.find_orders.icons.length, 1);
  assert.equal(byName.find_orders.icons[0].mimeType, "image/svg+xml");
  assert.match(byName.find_orders.icons[0].src, /^data:image\/svg\+xml;base64,/);
  const svg = Buffer.from(byName.find_orders.icons[0].src.split(",")[1], "base64").toString();
  assert.match(svg, /^<svg /);
  assert.equal(byName.ping.icons, undefined);
});

// Each tool, called with good and bad arguments. code is the _meta
// io.github.toolschema/code of an error result; structured, the expected structured
// content (checked against the text too).
const calls = [
  {
    tool: "find_orders", args: { status: "shipped" },
    check: (r) => {
      assert.equal(r.isError, undefined);
      assert.deepEqual(JSON.parse(text(r)).map((o) => o.id), ["A-16"]);
      assert.equal(r.structuredContent, undefined, "an array is not structured content before 2026-07-28");
    },
  },
  {
    tool: "find_orders", args: { status: "lost", limit: 500, since: "yesterday" }, code: "invalid_arguments",
    text: "Argument 'status' must be one of \"pending\", \"shipped\", \"cancelled\".\nArgument 'limit' must be at most 50.\nArgument 'since' must be in the format date-time.",
  },
  {
    tool: "find_orders", args: { Limit: 5 }, code: "invalid_arguments",
    text: "Argument 'Limit' is not a parameter of the tool; the parameter is 'limit' (names are case-sensitive).",
  },
  {
    tool: "place_order",
    args: { lines: [{ sku: "TEA-1", quantity: 3 }], to: { street: "1 rue de Rivoli", city: "Paris", country: "FR" } },
    structured: {
      id: "A-18", status: "pending", lines: [{ sku: "TEA-1", quantity: 3 }], placed: "2026-11-30T09:00:00Z",
      to: { street: "1 rue de Rivoli", city: "Paris", country: "FR" },
    },
  },
  {
    tool: "place_order",
    args: { lines: [], to: { street: "1 rue de Rivoli", city: "Paris", country: "France" }, express: true },
    code: "invalid_arguments",
    text: "Argument 'express' is not a parameter of the tool.\nArgument 'lines' must have at least 1 item.\nArgument 'to.country' must match the pattern ^[A-Z]{2}$.",
  },
  {
    tool: "place_order", args: { lines: [{ sku: "TEA-1", quantity: 1.5 }], to: { street: "s", city: "c", country: "FR" } },
    code: "invalid_arguments", text: "Argument 'lines[0].quantity' must be an integer.",
  },
  {
    tool: "cancel_order", args: { id: "A-17", reason: "customer request" }, code: "approval_required",
    text: "Tool 'cancel_order' requires approval for these arguments.",
  },
  {
    tool: "cancel_order", args: { id: 17, reason: "bored" }, code: "invalid_arguments",
    text: "Argument 'id' must be a string.\nArgument 'reason' must be one of \"customer request\", \"out of stock\", \"fraud\".",
  },
  { tool: "ping", args: {}, text: "pong" },
  { tool: "ping", args: { loud: true }, code: "invalid_arguments", text: "Argument 'loud' is not a parameter of the tool." },
];

for (const c of calls) {
  test(`${c.tool} ${JSON.stringify(c.args)}`, async () => {
    const r = await client.callTool({ name: c.tool, arguments: c.args });
    if (c.code) {
      assert.equal(r.isError, true);
      assert.equal(r._meta?.["io.github.toolschema/code"], c.code);
      assert.equal(r._meta?.["io.github.toolschema/started"], false);
      assert.equal(r._meta?.["toolschema/code"], c.code, "the deprecated key, kept for one version");
      assert.equal(r.structuredContent, undefined);
    } else {
      assert.ok(!r.isError, text(r));
    }
    if (c.text !== undefined) assert.equal(text(r), c.text);
    if (c.structured) {
      assert.deepEqual(r.structuredContent, c.structured);
      assert.deepEqual(JSON.parse(text(r)), c.structured);
    }
    c.check?.(r);
  });
}

// A second client that declares form elicitation: the server asks its
// user to approve cancel_order, showing the tool and the arguments; a yes
// runs the call, a no refuses it.
test("an approval asked by elicitation", async () => {
  const asked = [];
  const answers = [{ approve: false }, { approve: true }];
  const approver = new Client({ name: "typescript-sdk-approver", version: "0.0.0" }, { capabilities: { elicitation: { form: {} } } });
  approver.setRequestHandler(ElicitRequestSchema, async (req) => {
    asked.push(req.params);
    return { action: "accept", content: answers.shift() };
  });
  await approver.connect(new StdioClientTransport({ ...server, cwd: root, stderr: "inherit" }), { timeout: 50_000 });
  try {
    const args = { id: "A-17", reason: "customer request" };
    const no = await approver.callTool({ name: "cancel_order", arguments: args });
    assert.equal(no.isError, true);
    assert.equal(text(no), "Tool 'cancel_order' requires approval for these arguments.");
    const yes = await approver.callTool({ name: "cancel_order", arguments: args });
    assert.ok(!yes.isError, text(yes));
    assert.equal(text(yes), "order A-17 cancelled");
    assert.equal(asked.length, 2);
    assert.match(asked[0].message, /"cancel_order"/);
    assert.match(asked[0].message, /"reason": "customer request"/);
    assert.equal(asked[0].requestedSchema.properties.approve.type, "boolean");
    const bad = await approver.callTool({ name: "cancel_order", arguments: { id: "A-17", reason: "bored" } });
    assert.equal(bad._meta?.["toolschema/code"], "invalid_arguments");
    assert.equal(asked.length, 2, "refused arguments were put to the user");
  } finally {
    await approver.close();
  }
});

test("an unknown tool is refused", async () => {
  const r = await client.callTool({ name: "no_such_tool", arguments: {} }).catch((e) => ({ thrown: e }));
  assert.ok(r.thrown || r.isError, "the call of an unknown tool did not fail");
});
