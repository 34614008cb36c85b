// The answers of app/api/grid as the browser reads them: the schemas of lib/grid/preferences.ts,
// plus the two lists of every grid at once that the settings page reads. Like preferences.ts, this
// loads with the first answer read, never with the page (lib/query/grid-storage.ts imports it).
import { array, nullable, object, optional, string } from "zod/mini";
import { gridIdSchema, savedViewSchema } from "@/lib/grid/preferences";

export * from "@/lib/grid/preferences";

/** GET /api/grid/views: a page of the person's saved views of every grid, grouped by grid; `next` asks for the next page (null: the last). */
export const allViewsAnswerSchema = object({ grids: array(object({ grid: gridIdSchema, views: array(savedViewSchema) })), next: optional(nullable(string())) });

/** GET /api/grid/preferences: the grids whose columns the person changed. */
export const customizedAnswerSchema = object({ grids: array(gridIdSchema) });
