import { policyJsonSchema } from './cli.ts';

// The policy's reference for IT, made from the JSON Schema (itself made from the one zod
// schema), so the documentation cannot drift from what the station accepts:
// `npm run -s station -- policy reference` prints it, and docs/policy.md carries it (a test
// checks the two agree).

type Schema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  description?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};

function typeOf(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.type === 'array') return `list of ${schema.items ? typeOf(schema.items) : 'values'}`;
  if (schema.type === 'integer' || schema.type === 'number') {
    const range =
      schema.minimum !== undefined && schema.maximum !== undefined
        ? ` ${schema.minimum}–${schema.maximum}`
        : '';
    return `${schema.type === 'integer' ? 'whole number' : 'number'}${range}`;
  }
  return schema.type ?? 'any';
}

function rows(schema: Schema, path: string, out: string[]): void {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (name === '$schema') continue;
    const here = path ? `${path}.${name}` : name;
    const required = schema.required?.includes(name) ? 'yes' : '';
    const item = child.type === 'array' ? child.items : undefined;
    const nested = child.properties ? child : item?.properties ? item : undefined;
    if (nested) {
      out.push(
        `| \`${here}\` | ${child.type === 'array' ? 'list' : 'section'} | ${required} | ${child.description ?? ''} |`,
      );
      rows(nested, child.type === 'array' ? `${here}[]` : here, out);
    } else
      out.push(
        `| \`${here}\` | ${typeOf(child).replaceAll('|', '\\|')} | ${required} | ${child.description ?? ''} |`,
      );
  }
}

/** The reference as a Markdown table: every setting, its type, whether required, its meaning. */
export function policyReference(): string {
  const out = ['| setting | type | required | meaning |', '| --- | --- | --- | --- |'];
  rows(policyJsonSchema() as Schema, '', out);
  return out.join('\n');
}
