// Offices (Kantor & Cabang).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type OfficeDto = {
  id: string;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  timezone: string;
  /** WIB, WITA or WIT. */
  zone: string;
  active: boolean;
  isMain: boolean;
  employeeCount?: number;
};
