/** The `path` segments Next's router would give pages/api/ne/[...path] for `url`, or undefined when Next should answer `url` itself. */
export function bffSegments(url: string): string[] | undefined;
