export interface DemoCompany {
  id: string;
  name: string;
  apiKey: string;
}

/** Fixed, documented keys: anyone can try the sandbox without asking for credentials. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { id: 'acme', name: 'Acme Comércio Eletrônico Ltda.', apiKey: 'sbx-demo-acme' },
  { id: 'bolt', name: 'Bolt Distribuidora S.A.', apiKey: 'sbx-demo-bolt' },
];

export const companyByKey = (apiKey: string): DemoCompany | undefined =>
  DEMO_COMPANIES.find((c) => c.apiKey === apiKey);
