import type { Agent } from '@ruwa/contract';

/** Every area an agent delivers in, by name, or `none` when they have not chosen one. */
export function areaNames(agent: Agent, none: string): string {
  return agent.locations.map((area) => area.name).join(', ') || none;
}
