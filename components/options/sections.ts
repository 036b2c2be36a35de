import type { FunctionComponent } from 'preact';
import { t } from '../../lib/ui/i18n.ts';
import { AdminSection } from '../admin/AdminSection.tsx';
import { ConnectionSection } from '../connection/ConnectionSection.tsx';
import { DefaultsSection } from '../defaults/DefaultsSection.tsx';
import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { GlossariesSection } from '../glossaries/GlossariesSection.tsx';
import { LanguagesSection } from '../languages/LanguagesSection.tsx';
import { SettingsFileSection } from '../settings-file/SettingsFileSection.tsx';
import { SiteRulesSection } from '../site-rules/SiteRulesSection.tsx';
import { TranslationControlsSection } from '../translation-controls/TranslationControlsSection.tsx';
import { UsageSection } from '../usage/UsageSection.tsx';

/** The options page's sections, in menu order. A feature adds its section here. */
export interface OptionsSection {
  id: string;
  /** Shown in the menu; through t() so it is translated. */
  title: string;
  component: FunctionComponent;
}

export const sections: OptionsSection[] = [
  { id: 'connection', title: t('sectionConnection', 'Connection'), component: ConnectionSection },
  { id: 'defaults', title: t('sectionDefaults', 'Defaults'), component: DefaultsSection },
  {
    id: 'translation-controls',
    title: t('sectionTranslationControls', 'Translation controls'),
    component: TranslationControlsSection,
  },
  { id: 'glossaries', title: t('sectionGlossaries', 'Glossaries'), component: GlossariesSection },
  { id: 'languages', title: t('sectionLanguages', 'Languages'), component: LanguagesSection },
  { id: 'site-rules', title: t('sectionSiteRules', 'Site rules'), component: SiteRulesSection },
  { id: 'settings-file', title: t('sectionSettingsFile', 'Settings file'), component: SettingsFileSection },
  { id: 'documents', title: t('sectionDocuments', 'Documents'), component: DocumentsSection },
  { id: 'usage', title: t('sectionUsage', 'Usage'), component: UsageSection },
  { id: 'admin', title: t('sectionAdmin', 'Admin'), component: AdminSection },
];
