// VS Code extension entry (filled in by the client work)
export function activate(): void {}
export function deactivate(): void {}
