// An error answer of the API: `result=error` with a code of lib/ne/codes.ts and a message.
import { NE_CODES } from "../lib/ne/codes";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function invalidParameter(message: string): ApiError {
  return new ApiError(NE_CODES.invalidParameter, message);
}
