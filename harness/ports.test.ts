import { expect, it } from 'vitest';
import { freePorts } from './ports.ts';

it('finds as many loopback ports as asked for, all different', async () => {
  const ports = await freePorts(50);
  expect(ports).toHaveLength(50);
  expect(new Set(ports).size).toBe(50);
  for (const port of ports) expect(port).toBeGreaterThan(0);
});
