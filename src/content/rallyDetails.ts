// The 2026 Rally page's copy.

export const included = [
  {
    title: 'Six nights in hand-picked hotels',
    text: 'Shared twin or double rooms for the two guests in each car, breakfast included.',
  },
  {
    title: 'The mystery route book',
    text: 'Daily routes revealed each morning, with scenic passes and checkpoints.',
  },
  {
    title: 'Welcome and finish-line dinners',
    text: 'Meet the teams at the start and celebrate together in Austria.',
  },
  {
    title: 'Rally plates and team pack',
    text: 'Door numbers, rally plates, a team pack and your fundraising page.',
  },
  {
    title: 'Support on the road',
    text: 'An organising crew in the convoy and a 24-hour helpline all week.',
  },
  { title: 'Memories to keep', text: 'Photos and film of your team to share with your sponsors.' },
] as const;

/** The route's stops after the start (the start place is the edition's setting). */
export const routeStops = [
  { place: 'Germany', note: 'Autobahns, forests and a riverside overnight stop.' },
  { place: 'Austria', note: 'Alpine roads and the first of the high passes.' },
  { place: 'Italy', note: 'Lakes, hairpins and an Italian lunch stop.' },
  { place: 'Switzerland (Zurich)', note: 'An evening in Zurich before the final leg.' },
  { place: 'France', note: 'A French detour before the finish celebration.' },
] as const;
