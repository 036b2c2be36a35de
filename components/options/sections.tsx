import type { ComponentChild } from 'preact';
import { t } from '../../lib/ui/i18n.ts';
import { AdminSection } from '../admin/AdminSection.tsx';
import { ConnectionSection } from '../connection/ConnectionSection.tsx';
import { DataSection } from '../data/DataSection.tsx';
import { DefaultsSection } from '../defaults/DefaultsSection.tsx';
import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { GlossariesSection } from '../glossaries/GlossariesSection.tsx';
import { LanguagesSection } from '../languages/LanguagesSection.tsx';
import { SettingsFileSection } from '../settings-file/SettingsFileSection.tsx';
import { LanguageRulesSection } from '../site-rules/LanguageRulesSection.tsx';
import { SiteRulesSection } from '../site-rules/SiteRulesSection.tsx';
import { SpendingSection } from '../spending/SpendingSection.tsx';
import { TranslationControlsSection } from '../translation-controls/TranslationControlsSection.tsx';
import { UsageSection } from '../usage/UsageSection.tsx';
import { TypingSettingsSection } from '../writing/TypingSettingsSection.tsx';
import type { OptionsModels } from './models.ts';

/** The options page's sections, in menu order. A feature adds its section here. */
export interface OptionsSection {
  id: string;
  /** Shown in the menu; through t() so it is translated. */
  title: string;
  /** The section, given the page's models (each section takes its own as `model`). */
  view: (models: OptionsModels) => ComponentChild;
}

export const sections: OptionsSection[] = [
  {
    id: 'connection',
    title: t('sectionConnection', 'Connection'),
    view: (m) => <ConnectionSection model={m.connection} />,
  },
  {
    id: 'defaults',
    title: t('sectionDefaults', 'Defaults'),
    view: (m) => <DefaultsSection model={m.defaults} shortcuts={m.shortcuts} />,
  },
  {
    id: 'translation-controls',
    title: t('sectionTranslationControls', 'Translation controls'),
    view: (m) => <TranslationControlsSection model={m.translationControls} />,
  },
  {
    id: 'writing',
    title: t('sectionWriting', 'Writing help'),
    view: (m) => <TypingSettingsSection model={m.typing} />,
  },
  {
    id: 'glossaries',
    title: t('sectionGlossaries', 'Glossaries'),
    view: (m) => <GlossariesSection model={m.glossaries} />,
  },
  { id: 'languages', title: t('sectionLanguages', 'Languages'), view: (m) => <LanguagesSection model={m.languages} /> },
  {
    id: 'site-rules',
    title: t('sectionSiteRules', 'Site rules'),
    view: (m) => (
      <>
        <SiteRulesSection model={m.siteRules} />
        <LanguageRulesSection model={m.languageRules} />
      </>
    ),
  },
  {
    id: 'settings-file',
    title: t('sectionSettingsFile', 'Settings file'),
    view: (m) => <SettingsFileSection model={m.settingsFile} />,
  },
  { id: 'data', title: t('sectionData', 'Your data'), view: (m) => <DataSection model={m.data} /> },
  { id: 'documents', title: t('sectionDocuments', 'Documents'), view: (m) => <DocumentsSection model={m.documents} /> },
  { id: 'usage', title: t('sectionUsage', 'Usage'), view: (m) => <UsageSection model={m.usage} /> },
  { id: 'spending', title: t('sectionSpending', 'Spending'), view: (m) => <SpendingSection model={m.spending} /> },
  {
    id: 'admin',
    title: t('sectionAdmin', 'Admin'),
    view: (m) => <AdminSection keys={m.adminKeys} analytics={m.adminAnalytics} />,
  },
];
