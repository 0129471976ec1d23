// `kwsync doctor`: how the user's real app behaves where the published description is silent.
export { runDoctor, newProbeId } from './run-doctor.js';
export type { DoctorOptions, DoctorOutcome } from './run-doctor.js';
export { renderDoctorText } from './render-text.js';
export { doctorReportSchema, doctorReportJsonSchema, FINDING_IDS } from './report.js';
export type { DoctorReport, Finding, FindingId, DoctorSettings, SettingChange, VariantResult } from './report.js';
