"use client";
// Catches what queries with `throwOnError` throw below it and shows QueryErrorState; Retry resets
// the failed queries (QueryErrorResetBoundary) and renders the children again. A change of
// `resetKeys` (new filters, another page) also clears the error, so the person is never stuck.
import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Component, type ReactNode } from "react";
import { QueryErrorState } from "./query-error-state";

interface BoundaryProps {
  children: ReactNode;
  onReset: () => void;
  resetKeys: readonly unknown[];
  fallback?: (error: unknown, retry: () => void) => ReactNode;
}

interface BoundaryState {
  error: unknown;
  keys: readonly unknown[];
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    const changed = props.resetKeys.length !== state.keys.length || props.resetKeys.some((k, i) => !Object.is(k, state.keys[i]));
    if (!changed) return null;
    return { keys: props.resetKeys, error: null };
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error !== null) {
      return this.props.fallback ? this.props.fallback(this.state.error, this.retry) : <QueryErrorState error={this.state.error} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}

export function QueryErrorBoundary({
  children,
  resetKeys = [],
  fallback,
}: {
  children: ReactNode;
  resetKeys?: readonly unknown[];
  fallback?: (error: unknown, retry: () => void) => ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} resetKeys={resetKeys} fallback={fallback}>
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
