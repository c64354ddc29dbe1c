export { Analyzer, DiagnoseOptions } from './analyzer';
export { AnalysisDiagnostic, AnalysisFix } from './diagnostic';
export { closest } from './suggest';
export { DIAGNOSTIC_CODES, DiagnosticCodeInfo, Severity } from './codes';
export { bindArguments, effectiveArguments, Binding, BoundArgument, ArgumentInput } from './binding';
