// The registry as the sandbox uses it: resources and operations as lists, looked up by key/path.
// Everything the sandbox serves (tables, columns, operations, conditions) comes from here.
import { operations as registryOperations, resources as registryResources } from "../lib/ne/registry";
import type { OperationDef, ResourceDef, ResourceKey } from "../lib/ne/registry/types";

export interface SandboxRegistry {
  resources: readonly ResourceDef[];
  operations: readonly OperationDef[];
}

type ResourceCollection = readonly ResourceDef[] | Readonly<Partial<Record<string, ResourceDef>>>;

function listOf(collection: ResourceCollection): readonly ResourceDef[] {
  if (Array.isArray(collection)) return collection as readonly ResourceDef[];
  return Object.values(collection as Readonly<Partial<Record<string, ResourceDef>>>).filter(
    (r): r is ResourceDef => r !== undefined,
  );
}

export function defaultRegistry(): SandboxRegistry {
  return { resources: listOf(registryResources as ResourceCollection), operations: registryOperations };
}

/** Resources whose data lives in the company's own table (not derived from sign-in records). */
const NO_TABLE: readonly ResourceKey[] = ["auth", "companyApp", "loginUser"];

export function hasTable(resource: ResourceDef): boolean {
  return !NO_TABLE.includes(resource.key) && resource.fields.length > 0;
}

export class RegistryIndex {
  readonly resources: readonly ResourceDef[];
  readonly operations: readonly OperationDef[];
  private readonly byKey = new Map<ResourceKey, ResourceDef>();
  private readonly byPath = new Map<string, OperationDef>();

  constructor(registry: SandboxRegistry) {
    this.resources = registry.resources;
    this.operations = registry.operations;
    for (const r of registry.resources) this.byKey.set(r.key, r);
    for (const op of registry.operations) this.byPath.set(normalizePath(op.path), op);
  }

  resource(key: ResourceKey): ResourceDef {
    const r = this.byKey.get(key);
    if (!r) throw new Error(`registry has no resource ${key}`);
    return r;
  }

  findResource(key: ResourceKey): ResourceDef | undefined {
    return this.byKey.get(key);
  }

  operation(path: string): OperationDef | undefined {
    return this.byPath.get(normalizePath(path));
  }

  tableResources(): ResourceDef[] {
    return this.resources.filter(hasTable);
  }
}

/** `/api_neauth/` and `/api_neauth` are the same operation. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
