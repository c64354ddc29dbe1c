/**
 * The settings in force, and how a change applies without a restart. They
 * come from initializationOptions, didChangeConfiguration payloads (clients
 * without the pull model) and workspace/configuration (when the client has
 * it), merged in that order (settings.ts reads every shape). Applying them
 * configures the service, rescans when the exclude globs change, reloads the
 * catalog when its settings change, and otherwise republishes what the
 * analysis settings affect.
 */
import { DidChangeConfigurationNotification, type Connection } from 'vscode-languageserver/node';
import type { ZscriptLanguageService } from '../service';
import type { ClientSupport } from './capabilities';
import { RELOAD_CATALOG_REQUEST, type ActiveCatalog } from './catalogStatus';
import { describe, type Guard } from './guard';
import type { Json } from './params';
import {
  catalogKey,
  DEFAULT_SERVER_SETTINGS,
  extractSection,
  mergeSections,
  normalizeSettings,
  type ServerSettings,
  settingsProblems,
  serviceSettingsOf,
} from './clientSettings';
import type { WorkspaceFiles } from './workspaceScan';

export interface LiveSettingsContext {
  readonly connection: Connection;
  readonly service: ZscriptLanguageService;
  readonly workspace: WorkspaceFiles;
  readonly catalog: ActiveCatalog;
  readonly guard: Guard;
  client(): ClientSupport;
  /** Diagnostics, inlay hints or semantic tokens may have changed (severity, hint settings, mode). */
  analysisChanged(): void;
}

export class LiveSettings {
  private settings: ServerSettings = DEFAULT_SERVER_SETTINGS;
  private initOptionsSection: Json | undefined;
  /** Everything didChangeConfiguration payloads carried, merged. */
  private pushedSection: Json | undefined;
  /** The section workspace/configuration last answered (it wins over the pushed one, as in refresh). */
  private pulledSection: Json | undefined;
  /** What was last applied; undefined until the first application (at initialized). */
  private appliedCatalogKey: string | undefined;
  private appliedExclude: string | undefined;
  private appliedMaxIndexed: number | undefined;
  private initialized = false;

  constructor(private readonly context: LiveSettingsContext) {}

  get current(): ServerSettings {
    return this.settings;
  }

  /** At initialize: the settings from initializationOptions, in force until the first refresh. */
  start(initializationOptions: unknown): void {
    this.initOptionsSection = extractSection(initializationOptions);
    this.settings = normalizeSettings(this.initOptionsSection);
    this.context.service.configure(serviceSettingsOf(this.settings));
  }

  /**
   * At initialized: asks clients with the pull model to notify changes of the
   * section. They then send (possibly empty) didChangeConfiguration and the
   * server asks for the section.
   */
  initializedClient(): void {
    this.initialized = true;
    const client = this.context.client();
    if (client.configuration && client.registersConfiguration) {
      this.context.connection.client.register(DidChangeConfigurationNotification.type, { section: 'zscript' }).catch(() => undefined);
    }
  }

  listen(): void {
    const { connection, guard } = this.context;
    connection.onDidChangeConfiguration(
      guard.notification('workspace/didChangeConfiguration', async (params: { settings?: unknown }) => {
        const section = extractSection(params.settings);
        if (section) {
          this.pushedSection = mergeSections(this.pushedSection, section);
          // What the analysis and the hints use takes effect now: a request answered during the
          // workspace/configuration round trip below would otherwise get the old settings, and a
          // client without inlayHint/refresh (eglot) keeps those hints until the text changes.
          const now = mergeSections(mergeSections(this.initOptionsSection, this.pushedSection), this.pulledSection);
          this.context.service.configure(serviceSettingsOf(normalizeSettings(now)));
        }
        if (this.initialized || !this.context.client().configuration) await this.refresh();
      }),
    );
  }

  /** Reads the settings from every source and applies them. */
  async refresh(): Promise<void> {
    const { connection } = this.context;
    let section = mergeSections(this.initOptionsSection, this.pushedSection);
    if (this.context.client().configuration) {
      try {
        const [pulled] = await connection.workspace.getConfiguration([{ section: 'zscript' }]);
        this.pulledSection = extractSection({ zscript: pulled });
        section = mergeSections(section, this.pulledSection);
      } catch (error) {
        connection.console.warn(`zscript: workspace/configuration failed (${describe(error).message}); using the settings given at start`);
      }
    }
    this.reportProblems(section);
    this.apply(normalizeSettings(section));
  }

  /** The problems of the last section read, so that each is said once, not at every refresh. */
  private reported = '';

  /** Says in the server's log what the settings had that the server ignores (a misspelt code, a value out of its list). */
  private reportProblems(section: unknown): void {
    const problems = settingsProblems(section);
    const key = problems.join('\n');
    if (key === this.reported) return;
    this.reported = key;
    for (const problem of problems) this.context.connection.console.warn(problem);
  }

  private apply(next: ServerSettings): void {
    const { service, workspace, catalog, guard } = this.context;
    const previous = this.settings;
    this.settings = next;
    service.configure(serviceSettingsOf(next));
    const exclude = JSON.stringify(next.files.exclude);
    if (exclude !== this.appliedExclude) {
      workspace.setExclude(next.files.exclude);
      const first = this.appliedExclude === undefined;
      this.appliedExclude = exclude;
      // The first application comes before the first scan, which then uses the globs.
      if (!first) void workspace.rescan();
    }
    if (next.files.maxIndexed !== this.appliedMaxIndexed) {
      const first = this.appliedMaxIndexed === undefined;
      this.appliedMaxIndexed = next.files.maxIndexed;
      workspace.setMaxFiles(next.files.maxIndexed);
      if (!first) void workspace.rescan();
    }
    const key = catalogKey(next);
    if (key !== this.appliedCatalogKey) {
      // Reloading announces the catalog and republishes (also the first time).
      this.appliedCatalogKey = key;
      void catalog.reload().catch((error) => guard.logError(RELOAD_CATALOG_REQUEST, error));
    } else if (JSON.stringify(serviceSettingsOf(previous)) !== JSON.stringify(serviceSettingsOf(next)) || previous.diagnostics.mode !== next.diagnostics.mode) {
      this.context.analysisChanged();
    }
  }
}
