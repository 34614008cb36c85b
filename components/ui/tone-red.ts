// The red badge tone on its own: the orders grid's cancel cell is on its first load, the other tones are not.
export const RED_TONE = "bg-red-100 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800";
