/**
 * A model as the shop names it: its name and generation ('Focus Mk3'). The catalogue holds one
 * model row per generation, so the label is what tells a 2019 Corsa E from a 2019 Corsa F.
 */
export function modelLabel(name: string, generation: string | null): string {
  return generation ? `${name} ${generation}` : name;
}
