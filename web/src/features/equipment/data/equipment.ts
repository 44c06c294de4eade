// The catalogue lives in shared/: the server prices the checkout from it, never from the browser.
export { EQUIPMENT_CATEGORIES, EQUIPMENT_ITEMS, type EquipmentCategory, type EquipmentImage, type EquipmentItem } from '@shared/equipment';
