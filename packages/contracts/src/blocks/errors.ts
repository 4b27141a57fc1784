/** Reusable blocks. */
export const BLOCK_ERROR_STATUS = {
  'block.not_found': 404,
  'block.name_exists': 409,
  'block.invalid': 400,
  'block.in_use': 409,
} as const
