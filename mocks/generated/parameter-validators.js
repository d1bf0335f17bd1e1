// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
"use strict";
export const listPetsQuery = validate28;
const schema40 = {"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":100,"default":20},"status":{"$ref":"spec#/$defs/PetStatus"}},"required":[],"$id":"listPetsQuery"};
const schema32 = {"type":"string","description":"Availability status of an animal.","enum":["available","pending","sold"]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="listPetsQuery" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.limit !== undefined){
let data0 = data.limit;
const _errs1 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate28.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs1){
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 100 || isNaN(data0)){
validate28.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"}];
return false;
}
else {
if(data0 < 1 || isNaN(data0)){
validate28.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
let data1 = data.status;
const _errs3 = errors;
if(typeof data1 !== "string"){
validate28.errors = [{instancePath:instancePath+"/status",schemaPath:"spec#/$defs/PetStatus/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data1 === "available") || (data1 === "pending")) || (data1 === "sold"))){
validate28.errors = [{instancePath:instancePath+"/status",schemaPath:"spec#/$defs/PetStatus/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
}
}
else {
validate28.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":{"limit":true,"status":true},"dynamicProps":false,"dynamicItems":false};

export const getPetPath = validate29;
const schema42 = {"type":"object","properties":{"petId":{"type":"integer","format":"int64"}},"required":["petId"],"$id":"getPetPath"};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="getPetPath" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.petId === undefined) && (missing0 = "petId")){
validate29.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.petId !== undefined){
let data0 = data.petId;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate29.errors = [{instancePath:instancePath+"/petId",schemaPath:"#/properties/petId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
}
}
}
else {
validate29.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":{"petId":true},"dynamicProps":false,"dynamicItems":false};

