import type { OperationSpec } from './contract';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function schemaText(schema: any, depth = 0): string {
  if (!schema || depth > 4) return '';
  if (schema.$ref) return `<a href="#schema-${esc(schema.$ref.split('/').pop())}">${esc(schema.$ref.split('/').pop())}</a>`;
  if (schema.allOf) return schema.allOf.map((s: any) => schemaText(s, depth + 1)).join(' + ');
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) return `${schemaText(schema.items, depth + 1)}[]`;
  if (schema.properties) {
    const req = new Set(schema.required ?? []);
    return `<ul>${Object.entries<any>(schema.properties).map(([k, v]) =>
      `<li><code>${esc(k)}</code>${req.has(k) ? ' <b>*</b>' : ''}: ${schemaText(v, depth + 1)}${v.description ? ` <i>${esc(v.description)}</i>` : ''}</li>`).join('')}</ul>`;
  }
  const t = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type ?? 'any';
  const extra = [schema.enum ? `one of ${schema.enum.join(', ')}` : '', schema.maxLength ? `≤ ${schema.maxLength} chars` : '', schema.pattern ? `pattern ${schema.pattern}` : '', schema.format ?? ''].filter(Boolean).join(', ');
  return `<code>${esc(t)}</code>${extra ? ` (${esc(extra)})` : ''}`;
}

/** A readable, self-contained API reference rendered from the contract (no CDN, works offline). */
export function renderDocs(doc: any, ops: OperationSpec[]): string {
  const byTag = new Map<string, OperationSpec[]>();
  for (const op of ops) {
    const tag = op.tags[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  const raw = (op: OperationSpec) => doc.paths[op.path][op.method.toLowerCase()];
  const section = (tag: string, list: OperationSpec[]) => `
<section><h2 id="tag-${esc(tag)}">${esc(tag)}</h2>
${list.map((op) => {
    const r = raw(op);
    const guard = op.public ? 'public' : op.management ? 'management only' : op.authority ? `authority ${op.authority.map((a) => `${a.module}_${a.action}`).join(' or ')}` : 'signed in';
    const body = r.requestBody?.content?.['application/json']?.schema;
    const params = (r.parameters ?? []).map((p: any) => p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p);
    const ok = Object.entries<any>(r.responses ?? {}).find(([s]) => s.startsWith('2'));
    return `<article id="op-${esc(op.operationId)}">
<h3><span class="m ${op.method.toLowerCase()}">${op.method}</span> <code>${esc(op.path)}</code></h3>
<p>${esc(op.summary)} <span class="g">${esc(guard)}</span> <span class="id">${esc(op.operationId)}</span></p>
${params.length ? `<p>Parameters:</p><ul>${params.map((p: any) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}): ${schemaText(p.schema)} ${p.description ? `<i>${esc(p.description)}</i>` : ''}</li>`).join('')}</ul>` : ''}
${body ? `<p>Body:</p>${schemaText(body)}` : ''}
${ok ? `<p>Answer ${esc(ok[0])}: ${schemaText(ok[1].content?.['application/json']?.schema) || esc(ok[1].description ?? ok[1].$ref ?? '')}</p>` : ''}
</article>`;
  }).join('\n')}</section>`;
  const schemas = Object.entries<any>(doc.components?.schemas ?? {})
    .map(([name, s]) => `<article id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${esc(s.description)}</p>` : ''}${schemaText(s.properties ? s : { ...s }, 0)}</article>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex}nav{width:240px;padding:16px;background:#f3f6fd;height:100vh;overflow:auto;position:sticky;top:0}
main{padding:16px 32px;max-width:980px}h3{margin:.2em 0}article{border-bottom:1px solid #e3e8f4;padding:12px 0}
.m{display:inline-block;min-width:56px;text-align:center;color:#fff;border-radius:4px;font-size:12px;padding:2px 6px;background:#4b7cf3}
.m.post{background:#0f9960}.m.put{background:#d9822b}.m.delete{background:#db3737}.g{color:#5c7080;font-size:13px;margin-left:8px}.id{color:#8a9ba8;font-size:12px;margin-left:8px}
code{background:#f5f8fa;padding:0 3px}a{color:#4b7cf3}</style></head><body>
<nav><b>${esc(doc.info.title)} ${esc(doc.info.version)}</b><p><a href="/openapi.json">openapi.json</a></p>
${[...byTag.keys()].map((t) => `<div><a href="#tag-${esc(t)}">${esc(t)}</a></div>`).join('')}<div><a href="#schemas">schemas</a></div></nav>
<main><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.summary ?? '')}</p><pre style="white-space:pre-wrap">${esc(doc.info.description ?? '')}</pre>
${[...byTag.entries()].map(([t, l]) => section(t, l)).join('\n')}
<section><h2 id="schemas">Schemas</h2>${schemas}</section></main></body></html>`;
}
