// What both entries export: everything except the MJML renderer and `renderTemplate`, which each entry brings.

export type { CampaignProblem, CampaignProblemCode } from './campaign/campaign-checks'
export {
  campaignProblems,
  ENGINE_VARIABLES,
  enginePreviewValues,
  hasUnsubscribeLink,
  isEngineVariable,
  showsPostalAddress,
  UNSUBSCRIBE_LINK_MESSAGE,
} from './campaign/campaign-checks'
export type {
  CompileError,
  CompileInput,
  CompileResult,
  EditorType,
  MjmlOptions,
  MjmlRenderer,
  TemplateCompiler,
} from './compile/compile'
export { createCompiler, EDITOR_TYPES, MJML_OPTIONS } from './compile/compile'
export type { MissingVariable, RenderError, RenderResult, TemplateData } from './handlebars/render-result'
export type { SourcePosition, TemplatePart } from './handlebars/ses-handlebars'
export { SES_HELPERS, SES_RESERVED_VARIABLES } from './handlebars/ses-handlebars'
export type { HandlebarsError, HandlebarsErrorCode } from './handlebars/validate'
export { HANDLEBARS_ERROR_CODES, validateHandlebars } from './handlebars/validate'
export type { DetectedVariable, TemplateParts } from './handlebars/variables'
export { detectVariables } from './handlebars/variables'
export type { IncludeLines, ResolveInclude } from './include/include'
export { expandIncludes, sourceLineOf } from './include/include'
export type { VisibleLink } from './links/links'
export { visibleLinks } from './links/links'
export type { LintFinding, LintInput, LintRule, LintSeverity } from './lint/lint'
export {
  createLinter,
  GMAIL_CLIP_BYTES,
  LINT_RULES,
  LINT_SEVERITY,
  lintCompiled,
  SES_TEMPLATE_LIMIT_BYTES,
} from './lint/lint'
export type { Starter, TextStrategy } from './starters/starters'
export { STARTERS, starterText } from './starters/starters'
export { htmlToText } from './text/html-to-text'
export type {
  BlockLines,
  ResolveBlock,
  VisualToMjmlOptions,
  VisualToMjmlResult,
} from './visual/visual-to-mjml'
export { blockAtLine, VISUAL_DARK_PALETTE, visualToMjml } from './visual/visual-to-mjml'
