/** Templates and their versions. */
export const TEMPLATE_ERROR_STATUS = {
  'template.not_found': 404,
  'template_version.not_found': 404,
  'template.name_exists': 409,
  'template.invalid': 400,
} as const
