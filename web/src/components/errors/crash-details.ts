// What the crash screen shows under « Détails de l'erreur ». The reporting (report-crash.ts) is
// apart: the screen loads it only once it is shown.

/** The error as the crash screen shows it: name and message, then the stack when there is one. */
export function crashDetails(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const head = `${error.name}: ${error.message}`;
  if (!error.stack) return head;
  // V8 starts its stacks with that same line; other engines list the frames only.
  return error.stack.startsWith(head) ? error.stack : `${head}\n\n${error.stack}`;
}
