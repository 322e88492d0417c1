import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createImage, createProduct, createVariant, TestProduct } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/images_controller_spec.rb
// (image metadata only: no file upload yet, so the "upload" carries the file's name, type and size).
const ATTRIBUTES = ['id', 'position', 'attachment_content_type', 'attachment_file_name', 'type', 'attachment_updated_at', 'attachment_width', 'attachment_height', 'alt'];
const upload = { attachment_file_name: 'thinking-cat.jpg', attachment_content_type: 'image/jpeg', attachment_width: 490, attachment_height: 400 };

describe('images', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let product: TestProduct;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE products RESTART IDENTITY CASCADE');
    product = await createProduct(t.db);
  });

  const imageCount = async () => Number((await t.db.query(`SELECT count(*) AS n FROM images`))[0].n);

  describe('as an admin', () => {
    it('can upload a new image for a variant', async () => {
      const res = await t.http()
        .post(`/api/products/${product.id}/images`)
        .set(admin.auth)
        .send({ image: { ...upload, viewable_type: 'Spree::Variant', viewable_id: product.masterVariantId } })
        .expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body).toMatchObject({
        position: 1,
        type: 'Spree::Image',
        viewable_type: 'Spree::Variant',
        viewable_id: product.masterVariantId,
        attachment_width: 490,
        attachment_height: 400,
        alt: null,
        mini_url: `/spree/products/${res.body.id}/mini/thinking-cat.jpg`,
        small_url: `/spree/products/${res.body.id}/small/thinking-cat.jpg`,
        product_url: `/spree/products/${res.body.id}/product/thinking-cat.jpg`,
        large_url: `/spree/products/${res.body.id}/large/thinking-cat.jpg`,
      });
      expect(new Date(res.body.attachment_updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await imageCount()).toBe(1);
    });

    it("puts a product's images on its master, after the existing ones", async () => {
      await createImage(t.db, product.masterVariantId, { position: 1 });
      const res = await t.http().post(`/api/products/${product.slug}/images`).set(admin.auth).send({ image: { ...upload, alt: 'A cat' } }).expect(201);
      expect(res.body).toMatchObject({ viewable_id: product.masterVariantId, position: 2, alt: 'A cat' });
      const shown = await t.http().get(`/api/products/${product.slug}`).set(user.auth).expect(200);
      expect(shown.body.master.images.map((i: { id: number }) => i.id)).toContain(res.body.id);
    });

    it('adds images to a variant through /api/variants/:id/images', async () => {
      const variantId = await createVariant(t.db, product.id);
      const res = await t.http().post(`/api/variants/${variantId}/images`).set(admin.auth).send({ image: upload }).expect(201);
      expect(res.body.viewable_id).toBe(variantId);
      const list = await t.http().get(`/api/variants/${variantId}/images`).set(user.auth).expect(200);
      expect(list.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
      expect(list.body.images[0].id).toBe(res.body.id);
      await t.http().get(`/api/variants/${variantId}/images/${res.body.id}`).set(user.auth).expect(200);
      await t.http().get(`/api/variants/${product.masterVariantId}/images/${res.body.id}`).set(user.auth).expect(404, NOT_FOUND);
    });

    it('refuses images that are not images, or name no file, writing nothing', async () => {
      let res = await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).send({ image: { ...upload, attachment_content_type: 'application/pdf' } }).expect(422);
      expect(res.body.errors).toEqual({ attachment_content_type: ['is invalid'] });
      res = await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).send({ image: {} }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['attachment_content_type', 'attachment_file_name']);
      res = await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).send({ image: { ...upload, attachment_width: 'wide' } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['attachment_width']);
      const stranger = await createProduct(t.db);
      res = await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).send({ image: { ...upload, viewable_id: stranger.masterVariantId } }).expect(422);
      expect(res.body.errors).toEqual({ viewable_id: ['is invalid'] });
      await t.http().post('/api/products/nope/images').set(admin.auth).send({ image: upload }).expect(404, NOT_FOUND);
      await t.http().post('/api/variants/999999/images').set(admin.auth).send({ image: upload }).expect(404, NOT_FOUND);
      expect(await imageCount()).toBe(0);
    });

    describe('working with an existing image', () => {
      let imageId: number;
      beforeEach(async () => (imageId = await createImage(t.db, product.masterVariantId, { position: 1 })));

      it('can update image data', async () => {
        const res = await t.http().put(`/api/products/${product.id}/images/${imageId}`).set(admin.auth).send({ image: { position: 2 } }).expect(200);
        expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
        expect((await t.db.query(`SELECT position FROM images WHERE id = $1`, [imageId]))[0].position).toBe(2);
        const patched = await t.http().patch(`/api/products/${product.id}/images/${imageId}`).set(admin.auth).send({ image: { alt: 'New alt' } }).expect(200);
        expect(patched.body).toMatchObject({ alt: 'New alt', position: 2 });
        const bad = await t.http().put(`/api/products/${product.id}/images/${imageId}`).set(admin.auth).send({ image: { attachment_content_type: 'text/plain' } }).expect(422);
        expect(bad.body.errors).toEqual({ attachment_content_type: ['is invalid'] });
      });

      it('can show and list images', async () => {
        const list = await t.http().get(`/api/products/${product.slug}/images`).set(user.auth).expect(200);
        expect(list.body.images.map((i: { id: number }) => i.id)).toEqual([imageId]);
        const res = await t.http().get(`/api/products/${product.slug}/images/${imageId}`).set(user.auth).expect(200);
        expect(res.body).toMatchObject({ id: imageId, attachment_file_name: 'thinking-cat.jpg', attachment_content_type: 'image/jpeg' });
        await t.http().get(`/api/products/${product.slug}/images/999999`).set(user.auth).expect(404, NOT_FOUND);
      });

      it('can delete an image', async () => {
        await t.http().delete(`/api/products/${product.id}/images/${imageId}`).set(admin.auth).expect(204);
        expect(await imageCount()).toBe(0);
      });
    });
  });

  describe('as a non-admin', () => {
    it('cannot create an image', async () => {
      await t.http().post(`/api/products/${product.id}/images`).set(user.auth).send({ image: upload }).expect(401, UNAUTHORIZED);
      expect(await imageCount()).toBe(0);
    });

    it('cannot update an image', async () => {
      await t.http().put(`/api/products/${product.id}/images/1`).set(user.auth).expect(404, NOT_FOUND);
    });

    it('cannot delete an image', async () => {
      const imageId = await createImage(t.db, product.masterVariantId);
      await t.http().delete(`/api/products/${product.id}/images/${imageId}`).set(user.auth).expect(404, NOT_FOUND);
      expect(await imageCount()).toBe(1);
    });

    it('cannot see images of an unavailable product', async () => {
      const future = await createProduct(t.db, { availableOn: new Date(Date.now() + 86_400_000) });
      const imageId = await createImage(t.db, future.masterVariantId);
      await t.http().get(`/api/products/${future.slug}/images`).set(user.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/variants/${future.masterVariantId}/images/${imageId}`).set(user.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/products/${future.slug}/images/${imageId}`).set(admin.auth).expect(200);
    });
  });
});
