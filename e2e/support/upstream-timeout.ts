// The e2e dashboard's upstream timeout (NE_TIMEOUT_MS of playwright.config.ts's web server), read by
// the config and by the fault stories that make a call outlast it, so the two never disagree.
//
// Every timed-out call is waited for in real time (three times in a persistent-timeout story: the
// page retries twice), so it is well below the product's default. It must stay above every call
// the suite makes on purpose without a timeout in mind: the 4 s a call the upload stories hold
// while the sign-in ends mid-send (e2e/faults-upload.spec.ts), with room for a busy machine on top,
// and the suite's largest real answers (10,000-row pages of the local sandbox).

/** NE_TIMEOUT_MS of the e2e dashboard. */
export const E2E_NE_TIMEOUT_MS = 6_000;

/** A sandbox `delay` that outlasts the timeout: the dashboard gives up first, the sandbox answers (and applies) the call later. */
export const PAST_TIMEOUT_MS = E2E_NE_TIMEOUT_MS + 1_000;

/** "7 s > 6 s": for story names. */
export const PAST_TIMEOUT_NAME = `${PAST_TIMEOUT_MS / 1000} s > ${E2E_NE_TIMEOUT_MS / 1000} s`;
