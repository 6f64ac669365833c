// A registration's readiness in the organiser's words (issue 25): the label and colour of each
// state the database derives from its documents and their details (public.readiness_state), for
// the inbox's badge, its Readiness filter and the export.
import type { Readiness } from '../../data/teamDocuments';
import type { BadgeTone } from './Badge';

export const READINESS_STATES: readonly { value: Readiness; label: string; tone: BadgeTone }[] = [
  { value: 'ready to drive', label: 'Ready to drive', tone: 'good' },
  { value: 'awaiting check', label: 'Documents awaiting check', tone: 'waiting' },
  { value: 'documents missing', label: 'Documents missing', tone: 'waiting' },
  { value: 'rejected', label: 'Document rejected', tone: 'bad' },
];

const stateOf = (value: string) => READINESS_STATES.find((state) => state.value === value);

/** 'Ready to drive', 'Documents missing' … (an unknown value as it is). */
export const readinessLabel = (value: string): string => stateOf(value)?.label ?? value;

export const readinessTone = (value: string): BadgeTone => stateOf(value)?.tone ?? 'waiting';
