import { seededRandom, type CrewContext } from '../../server/simulate/crew-context.ts';
import { PlantPerson, type Answer } from '../../server/simulate/plant-api.ts';

// The simulator's crews driven by a test: the demo people of the server at `url`, signed in
// once each, repeatable dice from `seed`, the first of any choice (or a random one), and every
// refusal kept in `refused` for the test to show. A suite that needs other dice gives `chance`.

export type TestCrew = { crew: CrewContext; refused: Answer[] };

export function testCrew(
  url: string,
  seed: number,
  options: { chance?: CrewContext['chance']; picks?: 'first' | 'random' } = {},
): TestCrew {
  const people = new Map<string, PlantPerson>();
  const refused: Answer[] = [];
  const rng = seededRandom(seed);
  const crew: CrewContext = {
    as: (username) => {
      const person = people.get(username) ?? new PlantPerson(url, username);
      people.set(username, person);
      return person;
    },
    rng,
    chance: options.chance ?? ((p) => rng() < p),
    pick: (items) => items[options.picks === 'random' ? Math.floor(rng() * items.length) : 0]!,
    settle: (answer) => {
      if (!answer.ok) refused.push(answer);
      return answer.ok;
    },
    warnOnce: () => undefined,
  };
  return { crew, refused };
}
