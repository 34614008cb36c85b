import "server-only";
// A company's copy leaves the database: on request (the settings page, DELETE /api/analytics/data)
// and, by the schedule, after ANALYTICS_RETENTION_DAYS without a sign-in of the company.
import { eq, lt } from "drizzle-orm";
import type { AppDatabase } from "@/lib/db";
import {
  analyticsCompanies,
  analyticsDailyGoods,
  analyticsDailySales,
  analyticsDirtyDays,
  analyticsMonthlyGoods,
  analyticsGoods,
  analyticsOrderRows,
  analyticsOrders,
  analyticsSetGoods,
  analyticsStock,
  analyticsSyncState,
  analyticsWarehouseStock,
} from "@/lib/db/schema";

type Db = AppDatabase["db"];

/** Deletes every row of the company's copy, its summaries and dirty days, its sync state and its company row, in one transaction. */
export async function deleteCompanyCopy(db: Db, company: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(analyticsOrderRows).where(eq(analyticsOrderRows.companyNeId, company));
    await tx.delete(analyticsOrders).where(eq(analyticsOrders.companyNeId, company));
    await tx.delete(analyticsGoods).where(eq(analyticsGoods.companyNeId, company));
    await tx.delete(analyticsSetGoods).where(eq(analyticsSetGoods.companyNeId, company));
    await tx.delete(analyticsStock).where(eq(analyticsStock.companyNeId, company));
    await tx.delete(analyticsWarehouseStock).where(eq(analyticsWarehouseStock.companyNeId, company));
    await tx.delete(analyticsDailySales).where(eq(analyticsDailySales.companyNeId, company));
    await tx.delete(analyticsDailyGoods).where(eq(analyticsDailyGoods.companyNeId, company));
    await tx.delete(analyticsMonthlyGoods).where(eq(analyticsMonthlyGoods.companyNeId, company));
    await tx.delete(analyticsDirtyDays).where(eq(analyticsDirtyDays.companyNeId, company));
    await tx.delete(analyticsSyncState).where(eq(analyticsSyncState.companyNeId, company));
    await tx.delete(analyticsCompanies).where(eq(analyticsCompanies.companyNeId, company));
  });
}

/** The companies whose last sign-in seen is older than `before`; their copies are deleted. Answers them. */
export async function deleteAbandonedCopies(db: Db, before: Date): Promise<string[]> {
  const gone = await db.select({ company: analyticsCompanies.companyNeId }).from(analyticsCompanies).where(lt(analyticsCompanies.lastSignInSeenAt, before));
  for (const { company } of gone) await deleteCompanyCopy(db, company);
  return gone.map((g) => g.company);
}
