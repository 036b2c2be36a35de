import { browser } from 'wxt/browser';
import { AnalyticsModel } from '../../lib/features/admin/analytics-model.ts';
import { KeysModel } from '../../lib/features/admin/keys-model.ts';
import { ConnectionModel } from '../../lib/features/connection/model.ts';
import { DataModel } from '../../lib/features/data/model.ts';
import { DefaultsModel } from '../../lib/features/defaults/model.ts';
import { saveBlob } from '../../lib/features/documents/save.ts';
import { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { LanguagesModel } from '../../lib/features/languages/model.ts';
import { passSlicing } from '../../lib/features/page-translate/yield.ts';
import { SettingsFileModel } from '../../lib/features/settings-file/model.ts';
import { applySettings, currentSettings } from '../../lib/features/settings-file/storage.ts';
import { ShortcutsModel } from '../../lib/features/shortcuts/model.ts';
import { LanguageRulesModel } from '../../lib/features/site-rules/language-rules-model.ts';
import { SiteRulesModel } from '../../lib/features/site-rules/model.ts';
import { browserSelectorCheck } from '../../lib/features/site-rules/rules.ts';
import { SpendingModel } from '../../lib/features/spending/model.ts';
import { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { UsageModel } from '../../lib/features/usage/model.ts';
import { typingSettingsStore } from '../../lib/features/writing/typing-settings.ts';
import { TypingSettingsModel } from '../../lib/features/writing/typing-settings-model.ts';
import { send } from '../../lib/messaging/protocol.ts';
import { getCredentials, updateCredentials } from '../../lib/settings/credentials.ts';
import {
  getGlossaryDefaults,
  glossaryDefaultsItem,
  preferencesStore,
  siteRulesStore,
} from '../../lib/settings/items.ts';
import { languageRulesStore } from '../../lib/settings/language-rules.ts';
import { GlossaryDefaults } from '../../lib/settings/schema.ts';
import { translationControlsStore } from '../../lib/settings/translation-controls.ts';
import { systemClock } from '../../lib/ui/clock.ts';
import { themeStore } from '../../lib/ui/theme.ts';
import { DEFAULT_KEYS, DEFAULT_PORT } from '../../service/config.ts';
import { createDocumentsModel } from '../documents/models.ts';
import { browserCommands } from '../shortcuts/browser-commands.ts';
import { confirmAction } from '../ui/ConfirmDialog.tsx';
import { downloadText } from '../ui/download.ts';

/**
 * Host permission for an origin, asked for on Save (a click). The request is the first call: Firefox
 * takes it only while it handles the click, not after an await, and a request for an origin already
 * granted answers true without asking, in both browsers.
 */
async function allowOrigin(origin: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [`${origin}/*`] });
  } catch {
    return false;
  }
}

/**
 * The models of the options page, created once when the page mounts: a section keeps its state while
 * the person visits another one, as a page would.
 */
export function createOptionsModels() {
  const models = {
    adminAnalytics: new AnalyticsModel({ send, clock: systemClock, save: saveBlob }),
    adminKeys: new KeysModel({ send, clipboard: navigator.clipboard }),
    connection: new ConnectionModel({
      send,
      credentials: { get: getCredentials, update: updateCredentials },
      allowOrigin,
      localService: { serverUrl: `http://127.0.0.1:${DEFAULT_PORT}`, apiKey: DEFAULT_KEYS.paid },
    }),
    data: new DataModel({ send, confirm: confirmAction }),
    defaults: new DefaultsModel({ send, preferences: preferencesStore, theme: themeStore }),
    documents: createDocumentsModel(),
    glossaries: new GlossariesModel({
      send,
      defaults: {
        get: getGlossaryDefaults,
        set: (defaults) => glossaryDefaultsItem.setValue(GlossaryDefaults.parse(defaults)),
      },
      slicing: passSlicing,
      download: downloadText,
    }),
    languages: new LanguagesModel({ send, clock: systemClock }),
    settingsFile: new SettingsFileModel({
      settings: { read: currentSettings, write: applySettings },
      download: downloadText,
      clock: systemClock,
      checkSelector: browserSelectorCheck(document),
    }),
    shortcuts: new ShortcutsModel({ send, commands: browserCommands }),
    siteRules: new SiteRulesModel({ rules: siteRulesStore, checkSelector: browserSelectorCheck(document) }),
    languageRules: new LanguageRulesModel({ send, rules: languageRulesStore }),
    translationControls: new TranslationControlsModel({
      send,
      preferences: preferencesStore,
      controls: translationControlsStore,
    }),
    usage: new UsageModel({ send }),
    spending: new SpendingModel({ send }),
    typing: new TypingSettingsModel({ send, settings: typingSettingsStore }),
  };
  return {
    ...models,
    dispose() {
      for (const model of Object.values(models)) model.dispose();
    },
  };
}

export type OptionsModels = ReturnType<typeof createOptionsModels>;
