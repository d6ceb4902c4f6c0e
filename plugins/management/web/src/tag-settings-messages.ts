/** Texts of /management-tag-settings (the tags of a company management chooses). */
export const tagSettingsTr = {
  title: 'Yönetim Etiket Ayarları', list: 'Şirketin etiketleri', company: 'Şirket', noCompany: 'Şirket yok.',
  hint: 'Seçilen şirketin etiketleri: şirketin kullanıcıları Etiket Ayarları sayfasında aynı etiketleri görür.',
  add: 'Etiket Ekle', edit: 'Etiketi Düzenle', name: 'Etiket adı', color: 'Renk', nameRequired: 'Etiket adı zorunludur.',
  added: 'Etiket eklendi.', updated: 'Etiket güncellendi.', deleted: 'Etiket silindi.', deleteConfirm: '"{{name}}" etiketi silinecek.',
  colors: { blue: 'Mavi', red: 'Kırmızı', orange: 'Turuncu', green: 'Yeşil', magenta: 'Eflatun', purple: 'Mor', gold: 'Altın', lime: 'Açık yeşil', cyan: 'Camgöbeği' },
};

export const tagSettingsEn: typeof tagSettingsTr = {
  title: 'Management tag settings', list: 'The company\'s tags', company: 'Company', noCompany: 'No company.',
  hint: 'The chosen company\'s tags: its users see the same tags on Tag settings.',
  add: 'Add tag', edit: 'Edit tag', name: 'Tag name', color: 'Colour', nameRequired: 'A tag name is required.',
  added: 'Tag added.', updated: 'Tag updated.', deleted: 'Tag deleted.', deleteConfirm: 'The tag "{{name}}" will be deleted.',
  colors: { blue: 'Blue', red: 'Red', orange: 'Orange', green: 'Green', magenta: 'Magenta', purple: 'Purple', gold: 'Gold', lime: 'Lime', cyan: 'Cyan' },
};
