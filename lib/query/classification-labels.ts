"use client";
// The known labels of the classification lists (payment methods, order statuses, ...: the
// registry's `classificationValues`), which name the choices their `/info` operations answer in the
// page's language. Loaded on first need, not with the page: they are data no first view needs and bring
// the whole order resource along (its statuses), while a grid only needs them to name the choices
// of such a list, which is itself fetched. The load starts when the list is asked for (same time as
// its request, and a local chunk is no slower than the API), and the names wait for both.
import { useSyncExternalStore } from "react";
import type { ClassificationKey, ClassificationValue } from "@/lib/ne/registry/resources/classifications";

export type ClassificationLabels = Readonly<Record<ClassificationKey, readonly ClassificationValue[]>>;

const BY_PATH: Readonly<Record<string, ClassificationKey>> = {
  "/api_v1_system_paymentmethod/info": "paymentMethod",
  "/api_v1_system_credittype/info": "creditType",
  "/api_v1_system_returnedreason/info": "returnedReason",
  "/api_v1_system_orderstatus/info": "orderStatus",
  "/api_v1_system_socialinsurance/info": "socialInsurance",
  "/api_v1_system_forwardingmethod/info": "forwardingMethod",
  "/api_v1_system_merchandise/info": "merchandise",
  "/api_v1_system_goodstype/info": "goodsType",
};

/** The classification list an operation reads, if it reads one. */
export function classificationOfPath(path: string): ClassificationKey | undefined {
  return Object.hasOwn(BY_PATH, path) ? BY_PATH[path] : undefined;
}

/** Loaded labels; `null` once a load failed (names then come from the answer alone), until one succeeds. */
let state: ClassificationLabels | null | undefined;
let loading: Promise<ClassificationLabels> | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Loads the labels once (a failed load is tried again on the next call). */
export function loadClassificationLabels(): Promise<ClassificationLabels> {
  return (loading ??= import("@/lib/ne/registry/resources/classifications").then(
    (m) => {
      state = m.classificationValues;
      notify();
      return m.classificationValues;
    },
    (error: unknown) => {
      loading = undefined;
      state ??= null;
      notify();
      throw error;
    },
  ));
}

function subscribeLoading(listener: () => void) {
  listeners.add(listener);
  void loadClassificationLabels().catch(() => undefined);
  return () => void listeners.delete(listener);
}
const subscribeNever = () => () => {};
const current = () => state;
const notYet = () => undefined;

/**
 * The labels, loaded when `needed`: undefined while they load, `null` when they could not be
 * (then a list's names are the answer's own).
 */
export function useClassificationLabels(needed: boolean): ClassificationLabels | null | undefined {
  return useSyncExternalStore(needed ? subscribeLoading : subscribeNever, current, notYet);
}
