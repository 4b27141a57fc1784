/** Errors of contact imports and exports (apart from the schemas: every function's error mapping reads it). */
export const TRANSFER_ERROR_STATUS = {
  'contact_import.not_found': 404,
  /** The key is not one of this organization's uploads, or nothing was uploaded there. */
  'contact_import.file_not_found': 404,
  'contact_import.already_started': 409,
  'contact_import.too_large': 413,
  'contact_import.invalid_file': 400,
  'contact_export.not_found': 404,
} as const
