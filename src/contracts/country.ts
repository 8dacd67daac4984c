/** The countries contract (docs/product.md §3.4, GET /countries): the list registration, forgot-password and profile forms choose from. No server imports here. */

/** A country as GET /countries answers it; `phone_code` is digits only (lib/phone-code.ts). */
export interface CountryDto {
  id: number;
  name: string;
  code: string;
  phone_code: string | null;
}

/** GET /countries: the active countries by name. */
export interface CountriesDto {
  countries: CountryDto[];
}

/** What a country field offers: the name it is chosen by and its calling code. */
export type CountryOption = Pick<CountryDto, 'name' | 'phone_code'>;
