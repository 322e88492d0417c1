import { createTestApp, TestApp } from '../support/test-app';

// Sign-in takes its fields flat (the contract), or wrapped as sign-up takes them (`user`) or as
// spree_auth_devise's form sends them (`spree_user`): never a 422 "can't be blank" for fields sent.
describe('sign-in shapes', () => {
  let t: TestApp;
  const email = 'shapes@example.com';
  const password = 'secret123';
  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_RATE_LIMIT: '20/60' });
    await t.http().post('/api/users').send({ user: { email, password } }).expect(201);
  });
  afterAll(() => t.close());

  it('takes the user wrapper sign-up takes, as JSON and as a form', async () => {
    const json = await t.http().post('/api/sessions').send({ user: { email, password } });
    expect({ status: json.status, email: json.body.user?.email }).toEqual({ status: 201, email });
    const form = await t.http().post('/api/sessions').type('form').send(`user[email]=${encodeURIComponent(email)}&user[password]=${password}`);
    expect({ status: form.status, email: form.body.user?.email }).toEqual({ status: 201, email });
  });

  it("takes spree_auth_devise's spree_user form, and the flat form as before", async () => {
    const spree = await t.http().post('/api/sessions').type('form').send(`spree_user[email]=${encodeURIComponent(email)}&spree_user[password]=${password}`);
    expect({ status: spree.status, email: spree.body.user?.email }).toEqual({ status: 201, email });
    const flat = await t.http().post('/api/sessions').send({ email, password });
    expect({ status: flat.status, email: flat.body.user?.email }).toEqual({ status: 201, email });
  });

  it('a wrong password in a wrapper is the same 401; flat fields win over a wrapper; a blank one is still 422', async () => {
    const wrong = await t.http().post('/api/sessions').send({ user: { email, password: 'wrong-password' } });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 401, body: { error: 'Invalid email or password.' } });
    const both = await t.http().post('/api/sessions').send({ email, password: 'wrong-password', user: { email, password } });
    expect(both.status).toBe(401);
    const blank = await t.http().post('/api/sessions').send({ user: { email } });
    expect({ status: blank.status, errors: blank.body.errors }).toEqual({ status: 422, errors: { password: ["can't be blank"] } });
    const shape = await t.http().post('/api/sessions').send({ user: 'me' });
    expect(shape.status).toBe(400);
  });

  it("counts a wrapped sign-in against the account's rate limit", async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: '2/60' });
    try {
      await limited.http().post('/api/users').send({ user: { email, password } }).expect(201);
      const statuses: number[] = [];
      for (const wrapper of ['user', 'spree_user', 'user']) statuses.push((await limited.http().post('/api/sessions').send({ [wrapper]: { email, password: 'wrong-password' } })).status);
      expect(statuses).toEqual([401, 401, 429]);
      // The account is limited whatever the shape.
      await limited.http().post('/api/sessions').send({ email, password }).expect(429);
    } finally {
      await limited.close();
    }
  });
});
