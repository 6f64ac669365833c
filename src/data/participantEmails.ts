// Asks the participant-emails Edge Function to send what a visitor's own action just queued: the
// team links ("Email me my link"), a cancellation's emails (and the offer of the place it freed),
// or the waiting list's (the acknowledgement after joining, the next person's offer after a
// decline), or the newsletter's confirmation after subscribing. The function sends only rows the database queued and answers the same whatever it
// sent; if it cannot be reached, the scheduled runs send them, so a failure here is logged, not
// shown. The functions' client is loaded when asked for, so no page downloads it up front.
export type VisitorSends = 'team_link' | 'cancellation' | 'waiting_list' | 'newsletter';

export async function sendQueued(only: VisitorSends): Promise<void> {
  try {
    const { callFunction, publicFunctions } = await import('./functions');
    await callFunction(
      publicFunctions,
      'participant-emails',
      { only },
      { unreachable: 'The emails could not be sent now.' },
    );
  } catch (error) {
    console.warn('The emails stay queued for the scheduled run', error);
  }
}
