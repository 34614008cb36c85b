// When the page last did something for the person (an API call or their own input): the page's
// idle timer (components/shell/session-timeouts.tsx) counts from here, as the server counts from
// the session's last call.
let last = Date.now();

export function noteActivity(): void {
  last = Date.now();
}

export function lastActivity(): number {
  return last;
}
