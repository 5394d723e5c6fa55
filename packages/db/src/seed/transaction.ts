/**
 * The options of every seeding transaction. Seeding runs once, at a first start, often while the machine is
 * busy installing and building: Prisma's default 5 s for an interactive transaction was seen to expire there
 * (the demo students on a loaded CI machine) and stop the start. Seeding is no request: it may take its time.
 */
export const seeding = { timeout: 180_000, maxWait: 60_000 } as const;
