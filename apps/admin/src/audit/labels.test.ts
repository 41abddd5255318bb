import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BULK_ACTIONS } from '@vitrin/shared/api/admin/products';
import { TICKET_EVENTS } from '@vitrin/shared/ticket-status';
import { describe, expect, it } from 'vitest';
import { actionLabel, entityLabel } from './labels.ts';

const CORE = fileURLToPath(new URL('../../../../packages/core/src', import.meta.url));

/** The source of every module of the core that is not a test: where every audit entry is written. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Actions written from a template (`ticket.${event}`): the values the variable part can take. */
const TEMPLATE_VERBS: Record<string, readonly string[]> = {
  ticket: Object.keys(TICKET_EVENTS),
  product: BULK_ACTIONS.filter((a) => a === 'activate' || a === 'deactivate'),
};

function recorded() {
  const code = sources(CORE).join('\n');
  const entities = new Set([...code.matchAll(/\bentity: '([a-zA-Z]+)'/g)].map((m) => m[1]!));
  const actions = new Set<string>();
  for (const [, entity, verb] of code.matchAll(/'([a-zA-Z]+)\.([a-zA-Z]+(?:\.[a-zA-Z]+)*)'/g)) {
    if (entities.has(entity!)) actions.add(`${entity}.${verb}`);
  }
  const templates = [...code.matchAll(/`([a-zA-Z]+)\.\$\{/g)]
    .map((m) => m[1]!)
    .filter((e) => entities.has(e));
  for (const entity of templates) {
    for (const verb of TEMPLATE_VERBS[entity] ?? [`<${entity} template not known to this test>`]) {
      actions.add(`${entity}.${verb}`);
    }
  }
  return { entities: [...entities], actions: [...actions] };
}

describe('audit log labels', () => {
  const { entities, actions } = recorded();

  it('finds the actions the code records', () => {
    expect(actions).toEqual(expect.arrayContaining(['order.status', 'ticket.close', 'product.activate']));
  });

  it('names in Turkish every action the code records', () => {
    expect(actions.filter((a) => actionLabel(a) === a)).toEqual([]);
  });

  it('names in Turkish every kind of record the code records', () => {
    expect(entities.filter((e) => entityLabel(e) === e)).toEqual([]);
  });
});
