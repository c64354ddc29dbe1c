export { Analyzer, AnalysisDiagnostic, AnalysisFix, DiagnoseOptions, closest } from './analyzer';
export { DIAGNOSTIC_CODES, DiagnosticCodeInfo, Severity } from './codes';
export { bindArguments, effectiveArguments, Binding, BoundArgument, ArgumentInput } from './binding';
