import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { PERMISSIONS } from '../../common/auth/permissions';
import { Update } from '../../common/http/update-route';
import { ApiInvalid, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { CreateApiKeyDto, CreateRoleDto, UpdateRoleDto, UserRolesDto } from './dto/role.dto';
import { ApiKeysJson, NewApiKeyJson, PermissionsJson, RoleJson, RolesJson, serializeApiKey, serializeRole } from './roles.serializer';
import { RolesService } from './roles.service';

const FULL_ADMIN = 'Admins only (the admin flag, with a key without scopes): no staff permission or key scope opens it, since it grants rights.';

@ApiTags('roles')
@Controller('api/roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get('permissions')
  @AdminOnly({ full: true })
  @ApiOperation({ summary: 'The permissions a role or a scoped key may hold (admin)', description: FULL_ADMIN })
  @ApiOkResponse({ type: PermissionsJson })
  @ApiUnauthorized()
  permissions(): PermissionsJson {
    return { permissions: [...PERMISSIONS] };
  }

  @Get()
  @AdminOnly({ full: true })
  @ApiOperation({ summary: 'List staff roles (admin)', description: FULL_ADMIN })
  @ApiOkResponse({ type: RolesJson })
  @ApiUnauthorized()
  async index(): Promise<RolesJson> {
    return { roles: (await this.roles.list()).map(serializeRole) };
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: 'Show a staff role (admin)', description: FULL_ADMIN })
  @ApiOkResponse({ type: RoleJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<RoleJson> {
    return serializeRole(await this.roles.find(id));
  }

  @Post()
  @AdminOnly({ full: true })
  @ApiOperation({ summary: 'Create a staff role (admin)', description: `A name and permissions of the table (\`GET /api/roles/permissions\`). ${FULL_ADMIN}` })
  @ApiWrappedBody('role', CreateRoleDto)
  @ApiCreatedResponse({ type: RoleJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('role', CreateRoleDto) params: CreateRoleDto): Promise<RoleJson> {
    return serializeRole(await this.roles.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: 'Update a staff role (admin)', description: `Its users have the new permissions from their next request. ${FULL_ADMIN}` })
  @ApiWrappedBody('role', UpdateRoleDto)
  @ApiOkResponse({ type: RoleJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('role', UpdateRoleDto) params: UpdateRoleDto): Promise<RoleJson> {
    return serializeRole(await this.roles.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: 'Delete a staff role (admin)', description: `Its users lose its permissions from their next request. ${FULL_ADMIN}` })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.roles.remove(id);
  }
}

@ApiTags('roles')
@Controller('api/users/:id')
export class UserRightsController {
  constructor(private readonly roles: RolesService) {}

  @Get('roles')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: "A user's staff roles (admin)", description: FULL_ADMIN })
  @ApiOkResponse({ type: RolesJson })
  @ApiNotFound()
  async roleList(@IdParam() id: number): Promise<RolesJson> {
    return { roles: (await this.roles.rolesOf(id)).map(serializeRole) };
  }

  @Put('roles')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({
    summary: "Set a user's staff roles (admin)",
    description: `\`user[role_ids]\` replaces the user's roles (\`[]\`: none, the user is back to a customer's rights). Effective from the user's next request. ${FULL_ADMIN}`,
  })
  @ApiWrappedBody('user', UserRolesDto)
  @ApiOkResponse({ type: RolesJson })
  @ApiNotFound()
  @ApiInvalid()
  async setRoles(@IdParam() id: number, @ResourceParams('user', UserRolesDto) params: UserRolesDto): Promise<RolesJson> {
    return { roles: (await this.roles.setRoles(id, params.role_ids)).map(serializeRole) };
  }

  @Get('api_keys')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: "A user's API keys (admin)", description: `Sign-ins' keys (no name, no scopes) and scoped keys; never the keys themselves. ${FULL_ADMIN}` })
  @ApiOkResponse({ type: ApiKeysJson })
  @ApiNotFound()
  async keyList(@IdParam() id: number): Promise<ApiKeysJson> {
    return { api_keys: (await this.roles.keysOf(id)).map(serializeApiKey) };
  }

  @Post('api_keys')
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({
    summary: 'Create a scoped API key for a user (admin)',
    description:
      "The key may run only operations whose permission (each operation's `x-permission`) is among its scopes (401 outside them), and only as far as its user may: " +
      "a customer's key scoped `orders:read` reads that customer's orders. Shown once in this answer. " +
      FULL_ADMIN,
  })
  @ApiWrappedBody('api_key', CreateApiKeyDto)
  @ApiCreatedResponse({ type: NewApiKeyJson })
  @ApiNotFound()
  @ApiInvalid()
  async createKey(@IdParam() id: number, @ResourceParams('api_key', CreateApiKeyDto) params: CreateApiKeyDto): Promise<NewApiKeyJson> {
    const row = await this.roles.createKey(id, params);
    return { api_key: row.api_key, ...serializeApiKey(row) };
  }

  @Delete('api_keys/:key_id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found', full: true })
  @ApiOperation({ summary: "Revoke one of a user's API keys (admin)", description: `It stops working at once. ${FULL_ADMIN}` })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFound()
  async revokeKey(@IdParam() id: number, @IdParam('key_id') keyId: number): Promise<void> {
    await this.roles.revokeKey(id, keyId);
  }
}

