/** A receiving site as stored and returned. */
export interface Site {
  id: string;
  object: 'site';
  mode: 'live' | 'test';
  name: string;
  address: { full_address: string; postcode: string };
  authorisation_numbers: string[];
  /** The UUID DEFRA issues to the site's operator for DWT (the Receipt API's apiCode). */
  dwt_api_code: string;
  email?: string;
  phone?: string;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

/** The receiving site's details a receipt carries to DWT, copied when the receipt is made or corrected. */
export type Receiver = Pick<Site, 'id' | 'name' | 'address' | 'dwt_api_code' | 'email' | 'phone'>;
