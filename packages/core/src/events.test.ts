import { describe, expect, it } from 'vitest';
import { createBus, type EntityEvent } from './events';

describe('event bus', () => {
  it('delivers typed events to every subscriber until they unsubscribe', () => {
    const bus = createBus();
    const seen: EntityEvent[] = [];
    const onCreated = (e: EntityEvent) => seen.push(e);
    bus.on('entity.created', onCreated);
    bus.emit('entity.created', { plugin: 'accounting', entity: 'product', id: 7 });
    bus.off('entity.created', onCreated);
    bus.emit('entity.created', { plugin: 'accounting', entity: 'product', id: 8 });
    expect(seen.map((e) => e.id)).toEqual([7]);
  });
  it('keeps buses apart', () => {
    const a = createBus();
    const b = createBus();
    let count = 0;
    a.on('shell.company.switched', () => count++);
    b.emit('shell.company.switched', { from: 2, to: 3 });
    expect(count).toBe(0);
  });
});
