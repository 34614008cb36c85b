// Which unfinished uploads the /uploads page lists. The journal is asked one status at a time, and
// those lists are fetched apart: a file whose status changed between two of them (sending, then
// waiting) is in both, and would be shown twice. It is shown once, as the newer of the two has it.

interface Listed {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** The files of `lists`, each once (its newest copy), but those in `exclude`; newest first. */
export function unfinishedFiles<F extends Listed>(lists: readonly (readonly F[])[], exclude: ReadonlySet<string>): F[] {
  const byId = new Map<string, F>();
  for (const list of lists) {
    for (const file of list) {
      if (exclude.has(file.id)) continue;
      const seen = byId.get(file.id);
      if (!seen || file.updatedAt > seen.updatedAt) byId.set(file.id, file);
    }
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
